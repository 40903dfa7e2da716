import { describe, expect, it } from 'vitest';
import { classesOf, criticalCss } from './critical-css.ts';

const stylesheet = `
@layer theme, base, components, utilities;
@font-face { font-family: 'Figtree Variable'; src: url(/assets/figtree.woff2) format('woff2'); }
@layer base { body { margin: 0 } :root { --color-primary: #8a2c55 } }
@layer utilities {
  .grid { display: grid }
  .dialog { position: fixed }
  .lg\\:hidden { color: red }
  @media (width >= 64rem) { .lg\\:hidden { display: none } .lg\\:flex { display: flex } }
  .\\[overflow-wrap\\:anywhere\\] { overflow-wrap: anywhere }
  .group-hover\\:underline:is(:where(.group):hover *) { text-decoration: underline }
  .space-y-2 > :not(:last-child) { margin-bottom: 0.5rem }
  .peer:not(.hidden) ~ .tooltip { display: block }
}`;

describe('criticalCss', () => {
  const page = '<div class="grid lg:hidden [overflow-wrap:anywhere] group-hover:underline"><p class="peer">';
  const css = criticalCss(stylesheet, [page, '<ul class="space-y-2"></ul>']);

  it("keeps the rules of the pages' classes, inside @media too, and what names no class", () => {
    expect(css).toContain('.grid{display:grid}');
    expect(css).toContain('.lg\\:hidden{display:none}');
    expect(css).toContain('.\\[overflow-wrap\\:anywhere\\]{overflow-wrap:anywhere}');
    expect(css).toContain('.space-y-2>:not(:last-child)');
    expect(css.indexOf('@layer theme')).toBeLessThan(css.indexOf('@layer components'));
    expect(css).toContain('@font-face');
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('--color-primary');
  });

  it('drops the rules of classes no page holds, and of variants needing one', () => {
    expect(css).not.toContain('.dialog');
    expect(css).not.toContain('.lg\\:flex');
    expect(css).not.toContain('.group-hover\\:underline');
    expect(css).not.toContain('.tooltip');
  });

  it('reads class attributes, entities decoded', () => {
    expect([...classesOf(['<a class="a  b&amp;c" data-class="x">', '<b class="">'])]).toEqual(['a', 'b&c']);
  });
});
