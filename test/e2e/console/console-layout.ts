import type { Page } from 'playwright-core';

/** What an operator's eye would catch on the console page, measured in the browser. */
export interface ConsoleLayout {
  /** The document's width: more than the window means the page scrolls sideways. */
  pageWidth: number;
  /** Elements drawn outside their card, after clipping by the scroll boxes between them and it. */
  outsideCards: string[];
  /** Elements running out of their table cell or fact into the next column. */
  outsideCells: string[];
  /** Pairs of cards that cover each other. */
  overlappingCards: string[];
  /** Every tool name shown, with how many of its characters a line holds on average. */
  toolNames: { where: string; text: string; charsPerLine: number }[];
  /** The boxes that hold agent-supplied memos and params in a pending request. */
  scrollBoxes: { what: string; scrollable: boolean; height: number; contentHeight: number }[];
  spendChart: { yLabels: string[]; xLabels: string[]; axisTitle: string; legend: string[]; smallestTextPx: number; collidingTexts: string[] };
}

/** Measures the console page as it is laid out now (browser JavaScript: the specs are compiled without the DOM's types). */
export function measureConsoleLayout(page: Page): Promise<ConsoleLayout> {
  return page.evaluate(MEASURE) as Promise<ConsoleLayout>;
}

const MEASURE = `(() => {
    const describe = (node) => {
      const id = node.id ? \`#\${node.id}\` : '';
      const classes = typeof node.className === 'string' && node.className ? \`.\${node.className.trim().split(/\\s+/).join('.')}\` : '';
      return \`\${node.tagName.toLowerCase()}\${id}\${classes} "\${(node.textContent ?? '').trim().slice(0, 40)}"\`;
    };
    const cards = Array.from(document.querySelectorAll('main > .panel')).filter((card) => !card.hidden);
    const outsideCards = [];
    const overlappingCards = [];
    const outsideCells = [];
    const rects = cards.map((card) => card.getBoundingClientRect());
    cards.forEach((card, at) => {
      const box = rects[at]
      for (let other = at + 1; other < cards.length; other++) {
        const next = rects[other]
        const width = Math.min(box.right, next.right) - Math.max(box.left, next.left);
        const height = Math.min(box.bottom, next.bottom) - Math.max(box.top, next.top);
        if (width > 0.5 && height > 0.5) overlappingCards.push(\`\${card.id} and \${cards[other].id}\`);
      }
      for (const node of Array.from(card.querySelectorAll('*'))) {
        const rect = node.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        let left = rect.left, right = rect.right, top = rect.top, bottom = rect.bottom;
        // What a scroll box between the element and its card hides is not drawn outside the card.
        for (let parent = node.parentElement; parent && parent !== card; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          const clip = parent.getBoundingClientRect();
          if (style.overflowX !== 'visible') [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
          if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        }
        if (right <= left || bottom <= top) continue;
        if (left < box.left - 0.5 || right > box.right + 0.5 || top < box.top - 0.5 || bottom > box.bottom + 0.5) outsideCards.push(\`\${describe(node)} in \${card.id}\`);
        // Within a card, a table cell or a request's fact holds its text: nothing runs into the next column.
        const cell = node.parentElement && node.parentElement.closest('td, dd');
        if (cell && card.contains(cell)) {
          const edge = cell.getBoundingClientRect();
          if (left < edge.left - 0.5 || right > edge.right + 0.5) outsideCells.push(\`\${describe(node)} in \${describe(cell)}\`);
        }
      }
    });
    const toolNames = Array.from(document.querySelectorAll('.tool-name')).map((node) => {
      const text = (node.textContent ?? '').trim();
      const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || 18;
      const lines = Math.max(1, Math.round(node.getBoundingClientRect().height / lineHeight));
      return { where: node.closest('.panel')?.id ?? '?', text, charsPerLine: text.length / lines };
    });
    const scrollBoxes = Array.from(document.querySelectorAll('#approvals .scroll-box')).map((node) => {
      const style = getComputedStyle(node);
      return {
        what: node.dataset.fact ?? '?',
        scrollable: style.overflowY === 'auto' || style.overflowY === 'scroll',
        height: node.clientHeight,
        contentHeight: node.scrollHeight,
      };
    });
    const svgTexts = Array.from(document.querySelectorAll('#spend-chart svg text'));
    const texts = (axis) => svgTexts.filter((node) => node.getAttribute('data-axis') === axis).map((node) => node.textContent ?? '');
    const collidingTexts = [];
    const textRects = svgTexts.map((node) => node.getBoundingClientRect());
    textRects.forEach((rect, at) => {
      for (let other = at + 1; other < textRects.length; other++) {
        const next = textRects[other]
        if (Math.min(rect.right, next.right) - Math.max(rect.left, next.left) > 0.5 && Math.min(rect.bottom, next.bottom) - Math.max(rect.top, next.top) > 0.5) collidingTexts.push(\`"\${svgTexts[at].textContent}" and "\${svgTexts[other].textContent}"\`);
      }
    });
    return {
      pageWidth: document.documentElement.scrollWidth,
      outsideCards,
      outsideCells,
      overlappingCards,
      toolNames,
      scrollBoxes,
      spendChart: {
        yLabels: texts('y'),
        xLabels: texts('x'),
        axisTitle: texts('title').join(' '),
        legend: Array.from(document.querySelectorAll('#spend-legend li')).map((node) => node.textContent ?? ''),
        smallestTextPx: textRects.length ? Math.min(...textRects.map((rect) => rect.height)) : 0,
        collidingTexts,
      },
    };
})()`;
