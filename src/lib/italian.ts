/**
 * Italian as Italians write it where the app puts a name after a preposition or a conjunction:
 * the euphonic d before the same vowel ("ad Anna", "ed Elena"), none before another ("a Bea", "e Anna").
 */
const euphonic: Record<string, RegExp> = { a: /^[aàá]/i, e: /^[eèé]/i };

/** The preposition or conjunction ('a', 'e') to write before `word`: 'ad' before 'Anna', 'a' before 'Bea'. */
export function beforeWord(particle: string, word: string): string {
  const rule = euphonic[particle.toLowerCase()];
  return rule?.test(word.trim()) ? `${particle}d` : particle;
}

/** 'ad Anna', 'a Bea': the preposition a with a name, as written. */
export function toName(name: string): string {
  return `${beforeWord('a', name)} ${name}`;
}
