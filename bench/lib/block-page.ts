/**
 * A long page of GitBook's content for the editor benchmark: about `chars` characters of markdown in which
 * `blocks` GitBook blocks (hints, tabs, code with a title, tables, expandables, math, steppers, embeds,
 * content-refs, figures), one of each kind in turn, sit between paragraphs with inline formatting. It opens
 * with `opening` and ends with a plain paragraph, where the benchmark types.
 */
const BLOCKS: Array<(k: number) => string> = [
  (k) => `{% hint style="info" %}\nHint ${k}: **check** the settings before you go on.\n{% endhint %}`,
  (k) => `{% tabs %}\n{% tab title="npm" %}\n\`\`\`bash\nnpm install folio-${k}\n\`\`\`\n{% endtab %}\n\n{% tab title="yarn" %}\n\`\`\`bash\nyarn add folio-${k}\n\`\`\`\n{% endtab %}\n{% endtabs %}`,
  (k) => `{% code title="step-${k}.ts" lineNumbers="true" %}\n\`\`\`typescript\nexport function step${k}(input: string): string {\n  return input.trim();\n}\n\`\`\`\n{% endcode %}`,
  (k) => `| Option | Default | Meaning |\n| --- | --- | --- |\n| \`size${k}\` | 10 | How many |\n| \`mode${k}\` | fast | Which way |`,
  (k) => `<details>\n\n<summary>Details of part ${k}</summary>\n\nWhat happens underneath, in *one* paragraph.\n\n</details>`,
  (k) => `$$\nf_${k}(x) = \\sum_{i=0}^{n} x_i^2\n$$`,
  (k) => `{% stepper %}\n{% step %}\n### Prepare ${k}\n\nGet the files.\n{% endstep %}\n\n{% step %}\n### Run ${k}\n\nStart it.\n{% endstep %}\n{% endstepper %}`,
  (k) => `{% embed url="https://example.com/videos/${k}" %}\nA video about part ${k}\n{% endembed %}`,
  (k) => `{% content-ref url="https://example.com/guides/${k}" %}\n[Guide ${k}](https://example.com/guides/${k})\n{% endcontent-ref %}`,
  (k) => `<figure><img src="https://example.com/diagram-${k}.png" alt="Diagram ${k}"><figcaption><p>Diagram ${k}</p></figcaption></figure>`,
];

export function longBlockPage(opening: string, chars: number, blocks: number): string {
  const paragraphsPerBlock = 2;
  const blockText = Array.from({ length: blocks }, (_, k) => BLOCKS[k % BLOCKS.length]!(k + 1));
  const blockChars = blockText.reduce((sum, text) => sum + text.length + 2, 0);
  const paragraph = (k: number) =>
    `Part ${k} explains one step of the procedure in **enough words** to fill a paragraph, with a [link](https://example.com/${k}) ` +
    'and some `inline code`, then says what to check before moving on to the next part.';
  const paragraphCount = Math.max(blocks * paragraphsPerBlock + 1, Math.round((chars - blockChars) / (paragraph(100).length + 2)));
  const parts = [`${opening} it holds about ${chars.toLocaleString('en-US')} characters and ${blocks} blocks.`];
  let block = 0;
  for (let k = 1; k <= paragraphCount; k += 1) {
    if (k % 10 === 1) parts.push(`## Section ${Math.ceil(k / 10)}`);
    parts.push(paragraph(k));
    // Blocks spread evenly through the page; the last part is a paragraph.
    if (block < blocks && k < paragraphCount && k >= ((block + 1) * paragraphCount) / (blocks + 1)) parts.push(blockText[block++]!);
  }
  while (block < blocks) parts.splice(parts.length - 1, 0, blockText[block++]!);
  return `${parts.join('\n\n')}\n`;
}
