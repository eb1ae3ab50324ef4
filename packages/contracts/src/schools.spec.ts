import { describe, expect, it } from '@jest/globals';
import {
  DISTRICT_SCHOOLS,
  OTHER_SCHOOL,
  SCHOOLS,
  SCHOOL_NAMES,
  canonicalSchoolName,
  isSchoolName,
  matchSchool,
  schoolOrder,
} from './schools';

describe('school registry', () => {
  it('holds the 21 registration entries in the spec order', () => {
    expect(SCHOOL_NAMES).toHaveLength(21);
    expect(SCHOOLS.map((s) => s.name)).toEqual([...SCHOOL_NAMES]);
    expect(SCHOOL_NAMES[0]).toBe('Bonnabel Magnet Academy High School');
    expect(SCHOOL_NAMES[20]).toBe('West Jefferson High School');
  });

  it('flags exactly 14 Jefferson Parish public schools as district', () => {
    expect(DISTRICT_SCHOOLS).toHaveLength(14);
    const notDistrict = SCHOOLS.filter((s) => !s.district).map((s) => s.id);
    expect(notDistrict.sort()).toEqual(
      [
        'chalmette',
        'de-la-salle',
        'dominican',
        'homeschool',
        'jesuit',
        'kenner-discovery',
        'rummel',
      ].sort(),
    );
  });

  it('has unique ids, aliases and abbreviations across schools', () => {
    const seen = new Map<string, string>();
    for (const school of SCHOOLS) {
      for (const key of [school.id, ...school.abbreviations.map((a) => a.toLowerCase())]) {
        expect(seen.get(key)).toBeUndefined();
        seen.set(key, school.id);
      }
    }
  });

  it('maps every name, id and alias back to its own school', () => {
    for (const school of SCHOOLS) {
      expect(matchSchool(school.name)?.id).toBe(school.id);
      expect(matchSchool(school.id)?.id).toBe(school.id);
      for (const alias of school.aliases) expect(matchSchool(alias)?.id).toBe(school.id);
      for (const abbreviation of school.abbreviations)
        expect(matchSchool(abbreviation)?.id).toBe(school.id);
    }
  });

  it('sorts by registry order with Other last', () => {
    expect(schoolOrder('Bonnabel Magnet Academy High School')).toBe(0);
    expect(schoolOrder('West Jefferson High School')).toBe(20);
    expect(schoolOrder(OTHER_SCHOOL)).toBe(21);
  });

  it('recognises exact registry names only as SchoolName', () => {
    expect(isSchoolName('Jesuit High School')).toBe(true);
    expect(isSchoolName('jesuit high school')).toBe(false);
    expect(isSchoolName(3)).toBe(false);
  });
});

describe('matchSchool on realistic free text', () => {
  const cases: Array<[string, string]> = [
    // exact names with case, punctuation and spacing differences
    ['patrick f. taylor science and technology academy', 'patrick-taylor'],
    ['PATRICK F TAYLOR SCIENCE & TECHNOLOGY ACADEMY', 'patrick-taylor'],
    ['  Jesuit High School  ', 'jesuit'],
    ['LW Higgins High School', 'higgins'],
    ['L. W. Higgins', 'higgins'],
    ['Fisher Middle High School', 'fisher'],
    ['Joseph A Cuillier Sr Career Center', 'cuillier'],
    ['home school', 'homeschool'],
    ['Home-schooled', 'homeschool'],
    ['HOMESCHOOL', 'homeschool'],
    ["St. Mary's Dominican High School", 'dominican'],
    ['Archbishop Rummel', 'rummel'],
    // abbreviations
    ['PFT', 'patrick-taylor'],
    ['pft', 'patrick-taylor'],
    ['PFTSTA', 'patrick-taylor'],
    ['P.F.T.', 'patrick-taylor'],
    ['TJ', 'thomas-jefferson'],
    ['THJ', 'thomas-jefferson'],
    ['T.J. High School', 'thomas-jefferson'],
    ['EJ', 'east-jefferson'],
    ['EJHS', 'east-jefferson'],
    ['EJ High', 'east-jefferson'],
    ['WJHS', 'west-jefferson'],
    ['DLS', 'de-la-salle'],
    // significant words
    ['Patrick Taylor', 'patrick-taylor'],
    ['Patrick Taylor Academy', 'patrick-taylor'],
    ['Taylor', 'patrick-taylor'],
    ['east jeff', 'east-jefferson'],
    ['East Jefferson', 'east-jefferson'],
    ['E. Jefferson High', 'east-jefferson'],
    ['west jeff hs', 'west-jefferson'],
    ['T. Jefferson', 'thomas-jefferson'],
    ['Thomas Jefferson', 'thomas-jefferson'],
    ['Jefferson Advanced Studies', 'thomas-jefferson'],
    ['Jesuit HS', 'jesuit'],
    ['Jesuit', 'jesuit'],
    ['jesuit high', 'jesuit'],
    ['Ehret', 'john-ehret'],
    ['John Ehret HS', 'john-ehret'],
    ['Haynes', 'haynes'],
    ['Haynes Middle', 'haynes'],
    ['Higgins', 'higgins'],
    ['Bonnabel', 'bonnabel'],
    ['bonnabel magnet', 'bonnabel'],
    ['Chalmette', 'chalmette'],
    ['De La Salle', 'de-la-salle'],
    ['delasalle', 'de-la-salle'],
    ['Riverdale', 'riverdale'],
    ['Rummel HS', 'rummel'],
    ['Grand Isle', 'grand-isle'],
    ['Cuillier', 'cuillier'],
    ['Kenner Discovery', 'kenner-discovery'],
    ['Strehle', 'strehle'],
    ['Jefferson Virtual', 'jefferson-virtual'],
    ['Fisher', 'fisher'],
    ['Fisher Middle', 'fisher'],
    ['Dominican', 'dominican'],
    ['TJ Advanced Studies', 'thomas-jefferson'],
    ['PFT Academy', 'patrick-taylor'],
    ['Taylor Science & Tech', 'patrick-taylor'],
    ['Alfred Bonnabel', 'bonnabel'],
    ['Kenner Disc', 'kenner-discovery'],
    ['Strehle Comm School', 'strehle'],
    ['Joseph A. Cuillier, Sr. Career Center', 'cuillier'],
    ['Archbishop Rummel HS', 'rummel'],
    ['St Marys Dominican', 'dominican'],
    ['JP Virtual', 'jefferson-virtual'],
    ['Jesuits', 'jesuit'],
    ['Higgins’s', 'higgins'],
  ];

  it.each(cases)('%s → %s', (text, id) => {
    expect(matchSchool(text)?.id).toBe(id);
  });
});

describe('matchSchool refuses what it cannot tell', () => {
  const negatives = [
    '',
    '   ',
    '---',
    'High School',
    'the school',
    'Academy',
    // ambiguous: East, West, Thomas Jefferson and Jefferson Virtual
    'Jefferson',
    'Jefferson High School',
    'Jeff',
    'Jefferson Parish',
    'Jefferson Middle',
    // descriptive words that several schools share or that name no school
    'Advanced Studies',
    'Science & Technology',
    'Career Center',
    'Health Sciences',
    'Community School',
    'Magnet',
    'Virtual High School',
    'East',
    'West High School',
    'Thomas',
    'John',
    'Patrick',
    'Kenner',
    'New Orleans',
    'Elementary',
    // initials alone are never enough
    'B',
    'J',
    'T.',
    // other schools that share a word with one of ours
    'Taylor Swift Academy',
    'St. Thomas More',
    'Thomas Jefferson Elementary School',
    'Patrick Henry High School',
    'John Curtis Christian School',
    'Fisherman Academy',
    'Jesus Christ Academy',
    'Dominican Republic High',
    'Ridgewood Prep',
    // a different school of the same name: Riverdale Middle is not Riverdale High
    'Riverdale Middle',
    'East St. John High',
    'Grace King High School',
    'Ursuline Academy',
    'Mount Carmel Academy',
    'EJHS Warriors',
    'Metairie Park Country Day',
    'Other',
    'N/A',
    'asdfgh',
  ];

  it.each(negatives)('%j → null', (text) => {
    expect(matchSchool(text)).toBeNull();
  });

  it('handles null and undefined', () => {
    expect(matchSchool(null)).toBeNull();
    expect(matchSchool(undefined)).toBeNull();
  });
});

describe('canonicalSchoolName', () => {
  it('returns the registry name or Other', () => {
    expect(canonicalSchoolName('PFT')).toBe('Patrick F. Taylor Science & Technology Academy');
    expect(canonicalSchoolName('east jeff')).toBe('East Jefferson High School');
    expect(canonicalSchoolName('Jefferson')).toBe('Other');
    expect(canonicalSchoolName('Taylor Swift Academy')).toBe('Other');
    expect(canonicalSchoolName(null)).toBe('Other');
  });

  it('is the identity on registry names', () => {
    for (const name of SCHOOL_NAMES) expect(canonicalSchoolName(name)).toBe(name);
  });
});
