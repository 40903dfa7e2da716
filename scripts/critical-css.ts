import { transform, type Selector, type SelectorComponent } from 'lightningcss';

/** Every class name the pages' `class` attributes hold. */
export function classesOf(pages: string[]): Set<string> {
  const classes = new Set<string>();
  for (const page of pages) {
    for (const [, value] of page.matchAll(/\sclass="([^"]*)"/g)) {
      for (const name of value!.replaceAll('&amp;', '&').split(/\s+/)) if (name) classes.add(name);
    }
  }
  return classes;
}

/** Whether a selector can match on pages holding only `classes`; one inside :not() never keeps it out. */
function canMatch(selector: Selector, classes: Set<string>): boolean {
  return selector.every((component: SelectorComponent) => {
    if (component.type === 'class') return classes.has(component.name);
    if (component.type !== 'pseudo-class') return true;
    if (component.kind === 'is' || component.kind === 'where' || component.kind === 'any') {
      return component.selectors.some((inner) => canMatch(inner, classes));
    }
    if (component.kind === 'has') return component.selectors.some((inner) => canMatch(inner, classes));
    return true;
  });
}

/**
 * The rules of `css` the given pages can use: style rules whose selectors name only classes those
 * pages hold, and everything else (element rules, variables, @font-face, @layer order) as it is, in
 * the stylesheet's order, so the full stylesheet applied after it changes nothing painted.
 */
export function criticalCss(css: string, pages: string[]): string {
  const classes = classesOf(pages);
  const { code } = transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        // Nothing returned keeps the rule as it is; an empty list drops it.
        style(rule) {
          if (!rule.value.selectors.some((selector) => canMatch(selector, classes))) return [];
        },
      },
    },
  });
  return code.toString();
}
