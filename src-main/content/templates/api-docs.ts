import type { SpaceTemplate } from './template';

/** An API's reference: authentication, errors, the resources, and the changes between versions. */
export const apiDocs: SpaceTemplate = {
  id: 'api-docs',
  title: 'API documentation',
  pages: [
    {
      title: 'Introduction',
      emoji: '📖',
      markdown: `# Introduction

Welcome to the API. It is organised around REST: resources have predictable URLs, requests and responses
are JSON, and errors use standard HTTP status codes.

## Base URL

\`\`\`
https://api.example.com/v1
\`\`\`
`,
    },
    {
      title: 'Authentication',
      emoji: '🔑',
      markdown: `# Authentication

Send your API token in the \`Authorization\` header of every request:

\`\`\`bash
curl https://api.example.com/v1/me \\
  -H "Authorization: Bearer <token>"
\`\`\`

{% hint style="warning" %}
Keep tokens secret: anyone holding one acts as you.
{% endhint %}
`,
    },
    {
      title: 'Errors',
      markdown: `# Errors

| Status | Meaning |
| --- | --- |
| 400 | The request is malformed: the message names the field. |
| 401 | The token is missing or invalid. |
| 404 | The resource does not exist, or you cannot see it. |
`,
    },
    {
      title: 'Reference',
      kind: 'group',
      children: [
        { title: 'Users', markdown: '# Users\n\n## Get the current user\n\n`GET /me`\n\nAnswers the user the token belongs to.\n' },
        { title: 'Projects', markdown: '# Projects\n\n## List projects\n\n`GET /projects`\n\nAnswers the projects you can see, newest first.\n' },
      ],
    },
    { title: 'Changelog', markdown: '# Changelog\n\n## v1\n\nThe first version of the API.\n' },
  ],
};
