import { describe, expect, it } from 'vitest';
import { renderGoTemplate, TemplateError, type TemplateData } from './go-template.ts';

const data: TemplateData = {
  SiteURL: 'https://passaparola.test',
  RedirectTo: 'https://passaparola.test/merchant/iris',
  ConfirmationURL: 'https://api.passaparola.test/auth/v1/verify?token=abc&type=signup',
  Email: 'giulia@clienti.test',
  Token: '123456',
  Data: { name: 'Giulia <Rossi> & "Co"', role: 'client' },
  Empty: '',
  Items: ['uno', 'due', 'tre'],
  People: [{ Name: 'Anna' }, { Name: 'Bea' }],
  NoItems: [],
  Scores: { b: 2, a: 1 },
};

describe('renderGoTemplate', () => {
  it.each([
    // fields
    ['a field', '{{ .Email }}', 'giulia@clienti.test'],
    ['a nested field', '{{ .Data.role }}', 'client'],
    ['a missing field prints nothing', '[{{ .Data.missing }}]', '[]'],
    ['the root through $', '{{ $.Token }}', '123456'],
    ['a comment prints nothing', 'a{{/* note */}}b', 'ab'],
    ['literals', '{{ "x" }}{{ `y` }}{{ 3 }}', 'xy3'],
    // whitespace trimming
    ['{{- trims the spaces and newlines before', 'a  \n\t{{- .Token }}', 'a123456'],
    ['-}} trims the spaces and newlines after', '{{ .Token -}}  \n\t b', '123456b'],
    ['both trim markers', 'a \n{{- .Token -}}\n b', 'a123456b'],
    ['a trimmed comment', 'a\n{{- /* note */ -}}\nb', 'ab'],
    ['a dash with no space is a number', '{{-3}}', '-3'],
    ['no marker keeps the whitespace', 'a {{ .Token }} b', 'a 123456 b'],
    // if / else if / else
    ['if true', '{{ if .Token }}yes{{ end }}', 'yes'],
    ['if empty string', '{{ if .Empty }}yes{{ else }}no{{ end }}', 'no'],
    ['if empty list', '{{ if .NoItems }}yes{{ else }}no{{ end }}', 'no'],
    ['else if', '{{ if .Empty }}a{{ else if .Token }}b{{ else }}c{{ end }}', 'b'],
    ['not', '{{ if not .Empty }}empty{{ end }}', 'empty'],
    ['eq', '{{ if eq .Data.role "client" }}client{{ end }}', 'client'],
    ['eq with several', '{{ if eq .Data.role "admin" "client" }}one of{{ end }}', 'one of'],
    ['ne', '{{ if ne .RedirectTo .SiteURL }}elsewhere{{ else }}home{{ end }}', 'elsewhere'],
    [
      'and with a nested call, as the templates use it',
      '{{ if and .RedirectTo (ne .RedirectTo .SiteURL) }}{{ .RedirectTo }}{{ else }}{{ .ConfirmationURL }}{{ end }}',
      'https://passaparola.test/merchant/iris',
    ],
    ['and false', '{{ if and .Token .Empty }}yes{{ else }}no{{ end }}', 'no'],
    ['or', '{{ or .Empty .Token }}', '123456'],
    ['len', '{{ len .Items }} {{ len .Token }}', '3 6'],
    // range
    ['range over a list', '{{ range .Items }}[{{ . }}]{{ end }}', '[uno][due][tre]'],
    ['range: fields of the element', '{{ range .People }}{{ .Name }};{{ end }}', 'Anna;Bea;'],
    ['range: $ is still the root', '{{ range .People }}{{ $.Token }}{{ end }}', '123456123456'],
    ['range: else when empty', '{{ range .NoItems }}x{{ else }}none{{ end }}', 'none'],
    ['range: else when missing', '{{ range .Missing }}x{{ else }}none{{ end }}', 'none'],
    ['range: else skipped when not empty', '{{ range .Items }}x{{ else }}none{{ end }}', 'xxx'],
    ['range over a map, in key order', '{{ range .Scores }}{{ . }}{{ end }}', '12'],
    [
      'range with trimming and an if inside',
      '<ul>\n{{- range .People }}\n  <li>{{ if eq .Name "Bea" }}*{{ end }}{{ .Name }}</li>\n{{- end }}\n</ul>',
      '<ul>\n  <li>Anna</li>\n  <li>*Bea</li>\n</ul>',
    ],
    ['nested ranges', '{{ range .People }}{{ range $.Items }}.{{ end }}|{{ end }}', '...|...|'],
  ])('%s', (_name, template, expected) => {
    expect(renderGoTemplate(template, data, { html: false })).toBe(expected);
  });

  it.each([
    [
      'escapes <, >, &, quotes in html',
      '<p>{{ .Data.name }}</p>',
      '<p>Giulia &lt;Rossi&gt; &amp; &#34;Co&#34;</p>',
    ],
    ["escapes ' in html", `{{ "l'app" }}`, 'l&#39;app'],
    [
      'escapes inside range',
      '{{ range .People }}{{ $.Data.name }}{{ end }}',
      'Giulia &lt;Rossi&gt; &amp; &#34;Co&#34;'.repeat(2),
    ],
    ['leaves the template text itself alone', '<b>&amp;</b>', '<b>&amp;</b>'],
  ])('%s', (_name, template, expected) => {
    expect(renderGoTemplate(template, data, { html: true })).toBe(expected);
  });

  it('prints values as they are in text', () => {
    expect(renderGoTemplate('{{ .Data.name }}', data, { html: false })).toBe('Giulia <Rossi> & "Co"');
  });

  it.each([
    ['an unclosed action', '{{ .Token', 'unclosed action'],
    ['an end without a block', 'a{{ end }}', 'unexpected {{ end }}'],
    ['an else without a block', '{{ else }}', 'unexpected {{ else }}'],
    ['an if without end', '{{ if .Token }}a', 'missing {{ end }}'],
    ['a range without end', '{{ range .Items }}a', 'missing {{ end }}'],
    ['else if in a range', '{{ range .Items }}a{{ else if .Token }}b{{ end }}', 'unexpected {{ else if }}'],
    ['an unknown function', '{{ printf "%s" .Token }}', 'function "printf" not defined'],
    ['a range over a string', '{{ range .Token }}x{{ end }}', "range can't iterate over 123456"],
  ])('refuses %s', (_name, template, message) => {
    expect(() => renderGoTemplate(template, data, { html: false })).toThrow(TemplateError);
    expect(() => renderGoTemplate(template, data, { html: false })).toThrow(message);
  });
});
