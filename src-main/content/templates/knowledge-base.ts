import type { SpaceTemplate } from './template';

/** A team's knowledge base: how the team works, its processes and who to ask. */
export const knowledgeBase: SpaceTemplate = {
  id: 'knowledge-base',
  title: 'Team knowledge base',
  pages: [
    {
      title: 'Welcome',
      emoji: '🏠',
      markdown: `# Welcome

Everything the team knows, in one place. Start with [how we work](how-we-work.md), then look up what you need.
`,
    },
    {
      title: 'How we work',
      markdown: `# How we work

## Communication

Say where conversations happen and what goes where.

## Meetings

* Weekly planning, Monday.
* Demo, every other Friday.
`,
    },
    {
      title: 'Processes',
      kind: 'group',
      children: [
        { title: 'Onboarding', emoji: '🧭', markdown: '# Onboarding\n\n- [ ] Get your accounts\n- [ ] Meet the team\n- [ ] Ship something small in your first week\n' },
        { title: 'Releasing', markdown: '# Releasing\n\n1. Freeze the branch.\n2. Run the checks.\n3. Publish and announce.\n' },
      ],
    },
    { title: 'Who to ask', markdown: '# Who to ask\n\n| Topic | Person |\n| --- | --- |\n| Accounts | |\n| Releases | |\n' },
  ],
};
