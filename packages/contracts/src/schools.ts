// The one school registry (DESIGN.md "Schools"): the 21 registration entries in the spec's order,
// with the aliases and abbreviations students actually type, and free-text matching.

// SPEC §3, in order. A tuple so `z.enum(SCHOOL_NAMES)` and `SchoolName` stay exact.
export const SCHOOL_NAMES = [
  'Bonnabel Magnet Academy High School',
  'Chalmette High School',
  'De La Salle High School',
  'Dominican High School',
  'East Jefferson High School',
  'Fisher Middle/High School',
  'Grand Isle School',
  'Haynes Academy for Advanced Studies',
  'Homeschool',
  'Jefferson Virtual High School',
  'Jesuit High School',
  'John Ehret High School',
  'Joseph A. Cuillier Sr. Career Center',
  'Kenner Discovery Health Sciences Academy',
  'L.W. Higgins High School',
  'Patrick F. Taylor Science & Technology Academy',
  'Riverdale High School',
  'Rummel High School',
  'Strehle Community School',
  'Thomas Jefferson High School for Advanced Studies',
  'West Jefferson High School',
] as const;

export type SchoolName = (typeof SCHOOL_NAMES)[number];

// Where free text matches nothing, directory and supervisor views group under this label.
export const OTHER_SCHOOL = 'Other';
export type CanonicalSchool = SchoolName | typeof OTHER_SCHOOL;

export interface School {
  id: string;
  name: SchoolName;
  aliases: readonly string[];
  abbreviations: readonly string[];
  // A Jefferson Parish Public School System school (the spec's "14 canonical district schools").
  district: boolean;
}

// district flags, 14 in all. Jefferson Parish Public Schools (JPSchools) runs Bonnabel, East
// Jefferson, Fisher, Grand Isle, Haynes, Jefferson Virtual, John Ehret, Cuillier Career Center,
// L.W. Higgins, Patrick F. Taylor, Riverdale, Strehle, Thomas Jefferson and West Jefferson.
// Not district: Chalmette (St. Bernard Parish), De La Salle, Dominican, Jesuit and Rummel
// (Catholic), Homeschool (no school), and Kenner Discovery (a charter authorised by the state
// board, BESE, so not run by the parish system).
export const SCHOOLS: readonly School[] = [
  {
    id: 'bonnabel',
    name: 'Bonnabel Magnet Academy High School',
    aliases: [
      'Bonnabel High School',
      'Bonnabel Magnet Academy',
      'Bonnabel Magnet High School',
      'Alfred T. Bonnabel Magnet Academy High School',
    ],
    abbreviations: ['BMA', 'BMAHS'],
    district: true,
  },
  {
    id: 'chalmette',
    name: 'Chalmette High School',
    aliases: ['Chalmette High'],
    abbreviations: [],
    district: false,
  },
  {
    id: 'de-la-salle',
    name: 'De La Salle High School',
    aliases: ['De La Salle', 'De LaSalle', 'DeLaSalle', 'La Salle High School'],
    abbreviations: ['DLS', 'DLSHS'],
    district: false,
  },
  {
    id: 'dominican',
    name: 'Dominican High School',
    aliases: ["St. Mary's Dominican High School", "St. Mary's Dominican", 'Saint Marys Dominican'],
    abbreviations: ['SMD'],
    district: false,
  },
  {
    id: 'east-jefferson',
    name: 'East Jefferson High School',
    aliases: ['East Jeff', 'E. Jefferson'],
    abbreviations: ['EJ', 'EJHS'],
    district: true,
  },
  {
    id: 'fisher',
    name: 'Fisher Middle/High School',
    aliases: [
      'Fisher High School',
      'Fisher Middle School',
      'Fisher Middle High School',
      'Fisher Middle-High',
    ],
    abbreviations: [],
    district: true,
  },
  {
    id: 'grand-isle',
    name: 'Grand Isle School',
    aliases: ['Grand Isle High School', 'Grand Isle'],
    abbreviations: ['GIS'],
    district: true,
  },
  {
    id: 'haynes',
    name: 'Haynes Academy for Advanced Studies',
    aliases: ['Haynes Academy', 'Haynes Middle School', 'Haynes High School'],
    abbreviations: ['HAAS'],
    district: true,
  },
  {
    id: 'homeschool',
    name: 'Homeschool',
    aliases: [
      'Home School',
      'Home-schooled',
      'Homeschooled',
      'Home Schooled',
      'Home Schooling',
      'Homeschooling',
    ],
    abbreviations: [],
    district: false,
  },
  {
    id: 'jefferson-virtual',
    name: 'Jefferson Virtual High School',
    aliases: ['Jefferson Virtual', 'Jefferson Virtual School', 'JP Virtual'],
    abbreviations: ['JVHS', 'JPVS'],
    district: true,
  },
  {
    id: 'jesuit',
    name: 'Jesuit High School',
    aliases: ['Jesuit High School of New Orleans', 'Jesuit New Orleans'],
    abbreviations: [],
    district: false,
  },
  {
    id: 'john-ehret',
    name: 'John Ehret High School',
    aliases: ['Ehret High School', 'John Ehret'],
    abbreviations: ['JEHS'],
    district: true,
  },
  {
    id: 'cuillier',
    name: 'Joseph A. Cuillier Sr. Career Center',
    aliases: [
      'Cuillier Career Center',
      'Joseph Cuillier Career Center',
      'J.A. Cuillier Career Center',
    ],
    abbreviations: ['JACCC'],
    district: true,
  },
  {
    id: 'kenner-discovery',
    name: 'Kenner Discovery Health Sciences Academy',
    aliases: ['Kenner Discovery', 'Kenner Discovery Academy', 'Kenner Discovery Health Sciences'],
    abbreviations: ['KDHSA'],
    district: false,
  },
  {
    id: 'higgins',
    name: 'L.W. Higgins High School',
    aliases: ['LW Higgins', 'L W Higgins', 'Higgins High School'],
    abbreviations: ['LWHHS', 'LWH'],
    district: true,
  },
  {
    id: 'patrick-taylor',
    name: 'Patrick F. Taylor Science & Technology Academy',
    aliases: [
      'Patrick Taylor Academy',
      'Patrick F. Taylor Academy',
      'Patrick Taylor Science and Technology Academy',
    ],
    abbreviations: ['PFT', 'PFTSTA', 'PFTA'],
    district: true,
  },
  {
    id: 'riverdale',
    name: 'Riverdale High School',
    aliases: ['Riverdale High'],
    abbreviations: [],
    district: true,
  },
  {
    id: 'rummel',
    name: 'Rummel High School',
    aliases: ['Archbishop Rummel High School', 'Archbishop Rummel'],
    abbreviations: [],
    district: false,
  },
  {
    id: 'strehle',
    name: 'Strehle Community School',
    aliases: ['Strehle School'],
    abbreviations: [],
    district: true,
  },
  {
    id: 'thomas-jefferson',
    name: 'Thomas Jefferson High School for Advanced Studies',
    aliases: ['Thomas Jefferson High School', 'Thomas Jefferson Academy', 'T. Jefferson'],
    abbreviations: ['TJ', 'THJ', 'TJHS', 'TJHSAS'],
    district: true,
  },
  {
    id: 'west-jefferson',
    name: 'West Jefferson High School',
    aliases: ['West Jeff', 'W. Jefferson'],
    abbreviations: ['WJ', 'WJHS'],
    district: true,
  },
];

export const DISTRICT_SCHOOLS: readonly School[] = SCHOOLS.filter((s) => s.district);
export const DISTRICT_SCHOOL_NAMES: readonly SchoolName[] = DISTRICT_SCHOOLS.map((s) => s.name);

// Words that say "a school" rather than which one.
const STOP_WORDS = new Set([
  'high',
  'school',
  'schools',
  'academy',
  'the',
  'of',
  'for',
  'hs',
  'h',
  's',
  'sr',
  'jr',
  'st',
  'saint',
  'and',
  'sch',
  'acad',
]);

// Words that appear in a school's name but cannot identify it on their own ("Thomas", "Advanced
// Studies", "East", the city "Kenner"): a match needs at least one input word outside this set.
const WEAK_WORDS = new Set([
  'east',
  'west',
  'magnet',
  'advanced',
  'studies',
  'science',
  'sciences',
  'technology',
  'health',
  'career',
  'center',
  'community',
  'virtual',
  'kenner',
  'grand',
  'elementary',
  'ja',
  'john',
  'joseph',
  'patrick',
  'thomas',
  'de',
  'la',
  'lw',
  'marys',
  'archbishop',
  'new',
  'orleans',
  'parish',
  'jp',
]);

// Lower-case; "L.W." → "lw", "&" → "and", other punctuation → space.
export function normalizeSchoolText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const compact = (normalized: string) => normalized.replace(/ /g, '');
const significantWords = (normalized: string) =>
  normalized.split(' ').filter((w) => w !== '' && !STOP_WORDS.has(w));

interface IndexedSchool {
  school: School;
  names: Set<string>;
  abbreviations: Set<string>;
  words: string[];
}

const INDEX: IndexedSchool[] = SCHOOLS.map((school) => {
  const names = new Set<string>();
  const words = new Set<string>();
  for (const text of [school.name, school.id, ...school.aliases]) {
    const normalized = normalizeSchoolText(text);
    names.add(compact(normalized));
    for (const word of significantWords(normalized)) words.add(word);
  }
  const abbreviations = new Set(school.abbreviations.map((a) => compact(normalizeSchoolText(a))));
  // An abbreviation also counts as a word of the school ("TJ Advanced Studies").
  for (const abbreviation of abbreviations) words.add(abbreviation);
  return { school, names, abbreviations, words: [...words] };
});

// One input word against one school word: exact, a prefix of 4+ letters ("jeff"), or an initial ("T.").
function wordMatches(input: string, schoolWord: string): boolean {
  if (input === schoolWord) return true;
  if (input.length === 1) return schoolWord.startsWith(input);
  // A plural or possessive left after punctuation is stripped ("Jesuits", "Higgins's" → "higginss").
  if (input === `${schoolWord}s`) return true;
  return input.length >= 4 && schoolWord.startsWith(input);
}

function isStrong(word: string): boolean {
  return word.length > 1 && !WEAK_WORDS.has(word);
}

// Free text → the registry school, or null when nothing (or more than one school) fits.
export function matchSchool(text: string | null | undefined): School | null {
  if (typeof text !== 'string') return null;
  const normalized = normalizeSchoolText(text);
  if (normalized === '') return null;

  // 1. Exact name, id or alias, ignoring case, punctuation and spacing ("Home School", "L W Higgins").
  const whole = compact(normalized);
  const exact = INDEX.find((s) => s.names.has(whole));
  if (exact) return exact.school;

  // 2. Abbreviation, with or without "High School" around it ("PFT", "EJ HS", "T.J.").
  const words = significantWords(normalized);
  if (words.length === 0) return null;
  const joined = words.join('');
  const byAbbreviation = INDEX.find(
    (s) => s.abbreviations.has(joined) || s.abbreviations.has(whole),
  );
  if (byAbbreviation) return byAbbreviation.school;

  // 3. Significant words: every word must belong to the same single school, and at least one must
  // be distinctive ("Patrick Taylor", "east jeff", "T. Jefferson"; never "Jefferson" alone).
  const candidates = INDEX.filter((s) =>
    words.every((w) => s.words.some((sw) => wordMatches(w, sw))),
  );
  if (candidates.length !== 1) return null;
  const [candidate] = candidates;
  // An initial never counts as the distinctive word ("B" is not Bonnabel).
  const matchedStrong = words.some(
    (w) => w.length > 1 && candidate.words.some((sw) => isStrong(sw) && wordMatches(w, sw)),
  );
  return matchedStrong ? candidate.school : null;
}

// The registry name for display and grouping, or "Other".
export function canonicalSchoolName(text: string | null | undefined): CanonicalSchool {
  return matchSchool(text)?.name ?? OTHER_SCHOOL;
}

export function isSchoolName(text: unknown): text is SchoolName {
  return typeof text === 'string' && (SCHOOL_NAMES as readonly string[]).includes(text);
}

export function schoolById(id: string): School | undefined {
  return SCHOOLS.find((s) => s.id === id);
}

// Registry order for sorting groups (SPEC §2 "canonical school order"); "Other" goes last.
export function schoolOrder(name: string): number {
  const index = (SCHOOL_NAMES as readonly string[]).indexOf(name);
  return index === -1 ? SCHOOL_NAMES.length : index;
}
