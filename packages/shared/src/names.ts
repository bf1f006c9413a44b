/**
 * How people are named to each other (docs/product.md, "Names"): everyone sees a first name and
 * the last name's initial ("Fay F."); full surnames go only to the parties of a deal or an
 * engagement, and to the person themself.
 */
export interface PersonName {
  first_name: string;
  last_name: string;
}

/** The last name as the public may see it: its initial and a dot ("F."), or nothing. */
export function lastInitial(lastName: string): string {
  const initial = lastName.trim().slice(0, 1);
  return initial ? `${initial}.` : '';
}

/** "Fay F.": first name and the last name's initial (just the first name when there is no last). */
export function publicName(person: PersonName): string {
  const initial = lastInitial(person.last_name);
  return initial ? `${person.first_name} ${initial}` : person.first_name;
}

/** The same person with only the initial of the last name, for answers to anyone not a party. */
export function withLastInitial<T extends PersonName>(person: T): T {
  return { ...person, last_name: lastInitial(person.last_name) };
}
