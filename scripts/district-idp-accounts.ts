// The local district identity provider's people (scripts/district-idp.ts): what a district's
// Google Workspace or Entra ID would hold for them. `npm start` prints them and README lists them.
// school and grade travel as claims of the same names (docs: README "Sign in with the district").
export interface DistrictAccount {
  // The provider's stable subject identifier (never reused, never the e-mail).
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  school?: string;
  grade?: number;
  password: string;
}

export const DISTRICT_IDP_PASSWORD = 'district-idp-dev';

export const DISTRICT_ACCOUNTS: readonly DistrictAccount[] = [
  {
    sub: 'district-0001',
    email: 'ada.student@students.district.test',
    emailVerified: true,
    givenName: 'Ada',
    familyName: 'Student',
    school: 'Kenner Discovery Health Sciences Academy',
    grade: 7,
    password: DISTRICT_IDP_PASSWORD,
  },
  {
    sub: 'district-0002',
    email: 'beatriz.estudiante@students.district.test',
    emailVerified: true,
    givenName: 'Beatriz',
    familyName: 'Estudiante',
    school: 'Grand Isle School',
    grade: 10,
    password: DISTRICT_IDP_PASSWORD,
  },
  {
    sub: 'district-0003',
    email: 'carlos.student@students.district.test',
    emailVerified: true,
    givenName: 'Carlos',
    familyName: 'Student',
    school: 'John Ehret High School',
    grade: 11,
    password: DISTRICT_IDP_PASSWORD,
  },
  {
    sub: 'district-0007',
    email: 'diego.estudiante@students.district.test',
    emailVerified: true,
    givenName: 'Diego',
    familyName: 'Estudiante',
    school: 'Chalmette High School',
    grade: 12,
    password: DISTRICT_IDP_PASSWORD,
  },
  {
    // A teacher's account: staff keep their platform password and may sign in either way.
    sub: 'district-0004',
    email: 'grace.teacher@district.test',
    emailVerified: true,
    givenName: 'Grace',
    familyName: 'Teacher',
    password: DISTRICT_IDP_PASSWORD,
  },
  {
    // The provider has not verified this address: the platform refuses it.
    sub: 'district-0005',
    email: 'unverified.student@students.district.test',
    emailVerified: false,
    givenName: 'Unverified',
    familyName: 'Student',
    school: 'Grand Isle School',
    grade: 9,
    password: DISTRICT_IDP_PASSWORD,
  },
  {
    // A guest of the provider outside the district's domains: refused, no account made.
    sub: 'district-0006',
    email: 'guest@elsewhere.test',
    emailVerified: true,
    givenName: 'Guest',
    familyName: 'Visitor',
    password: DISTRICT_IDP_PASSWORD,
  },
];

// The domains the platform admits in development (DISTRICT_OIDC_ALLOWED_DOMAINS).
export const DISTRICT_DEV_DOMAINS = ['students.district.test', 'district.test'];
