import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, seen from a compiled spec or support file under dist/test. */
export const REPO_ROOT = resolve(__dirname, '../../..');

/** A page a reader of the user docs sees: the README and every Markdown page under docs/. */
export interface UserDocPage {
  /** Path from the repository root, with forward slashes (`README.md`, `docs/cli.md`). */
  file: string;
  text: string;
}

/** The README and every `.md` under docs/, sub-folders included, in a stable order. */
export function userDocPages(root = REPO_ROOT): UserDocPage[] {
  const pages: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk('docs');
  return ['README.md', ...pages.sort()].map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

/** One page of the user docs by its path from the root (`docs/cli.md`). */
export function userDocPage(file: string, root = REPO_ROOT): string {
  return readFileSync(join(root, file), 'utf8');
}

/** The text outside fenced code blocks, with each fenced line blanked so line numbers still match. */
export function proseOf(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/**
 * The anchors GitHub gives the headings of a page: lower case, punctuation dropped, spaces to
 * hyphens, and `-1`, `-2`… on repeats. Headings inside code fences are not headings.
 */
export function headingAnchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of proseOf(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = match[1]!
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** A link of a page: where it points and the line it is on. */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** The inline links and images of a page (`[text](target)`), outside code, without their title. */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseOf(markdown)
    .split('\n')
    .forEach((text, at) => {
      const withoutCode = text.replace(/`[^`]*`/g, '');
      for (const match of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1]!, line: at + 1 });
    });
  return links;
}
