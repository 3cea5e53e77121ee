/**
 * Forgetting cannot be undone, so a person confirms it by typing the memory's first words: the
 * renderer's dialog asks for them and the API checks them again (a stray call forgets nothing).
 */

/** How many of a memory's first words confirm its forgetting. */
export const CONFIRMATION_WORDS = 3;

/** What to type: the memory's first words (its id when it has no words). */
export function confirmationPhrase(content: string, id: string): string {
  const words = content.trim().split(/\s+/).filter((word) => word !== '');
  return words.length === 0 ? id : words.slice(0, CONFIRMATION_WORDS).join(' ');
}

/** Typed text confirms when it is the phrase, whatever the spacing and letter case. */
export function confirms(typed: string, phrase: string): boolean {
  const normal = (text: string) => text.trim().split(/\s+/).join(' ').toLocaleLowerCase();
  return normal(typed) !== '' && normal(typed) === normal(phrase);
}
