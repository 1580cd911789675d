import type { SpaceTemplate } from './template';

/** A product's documentation: what it is, how to start, the guides, and help. */
export const productDocs: SpaceTemplate = {
  id: 'product-docs',
  title: 'Product documentation',
  pages: [
    {
      title: 'Overview',
      emoji: '👋',
      markdown: `# Overview

Describe your product in a few sentences: what it does, who it is for and why it matters.

{% hint style="info" %}
Start with the problem your readers have, then how the product solves it.
{% endhint %}

## Where to go next

* [Quickstart](getting-started/quickstart.md): up and running in five minutes.
* [Guides](guides/README.md): the tasks people do every day.
* [FAQ](help/faq.md): answers to the questions everyone asks.
`,
    },
    {
      title: 'Getting started',
      kind: 'group',
      children: [
        {
          title: 'Quickstart',
          emoji: '🚀',
          markdown: `# Quickstart

1. Create an account.
2. Install the product.
3. Make your first project.

{% hint style="success" %}
That is all it takes: continue with the [guides](../guides/README.md).
{% endhint %}
`,
        },
        {
          title: 'Installation',
          markdown: `# Installation

## Requirements

List what the product needs: operating systems, versions, accounts.

## Install

\`\`\`bash
# The command that installs your product
\`\`\`
`,
        },
      ],
    },
    {
      title: 'Guides',
      markdown: `# Guides

Step-by-step instructions for the tasks your readers do most.
`,
      children: [
        { title: 'Creating a project', markdown: '# Creating a project\n\nWalk the reader through creating a project, one step per paragraph.\n' },
        { title: 'Inviting your team', markdown: '# Inviting your team\n\nExplain how to invite others and what each role allows.\n' },
      ],
    },
    {
      title: 'Help',
      kind: 'group',
      children: [{ title: 'FAQ', markdown: '# FAQ\n\n## How do I reset my password?\n\nExplain where to find the reset link.\n\n## Where can I get help?\n\nSay how to reach you.\n' }],
    },
  ],
};
