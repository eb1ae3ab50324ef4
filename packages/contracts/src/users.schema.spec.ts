import { describe, expect, it } from '@jest/globals';
import { formatZodError, parseWith, validationErrors } from './errors';
import {
  avatarFileError,
  changeRolesSchema,
  changeSchoolSchema,
  currentUserSchema,
  directoryUserSchema,
  forgotPasswordSchema,
  loginSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './users.schema';

const validRegistration = {
  username: 'jdoe',
  password: 'correct horse',
  name: 'Jane Doe',
  email: 'jane@example.org',
  school: 'Jesuit High School',
  grade: 10,
};

describe('registerSchema', () => {
  it('accepts a full registration and defaults serviceHours to 0', () => {
    const data = registerSchema.parse(validRegistration);
    expect(data).toEqual({ ...validRegistration, serviceHours: 0 });
  });

  it('takes numbers only in the body; the form converts its text inputs first (issue 29)', () => {
    const body = registerSchema.safeParse({ ...validRegistration, grade: '7' });
    expect(body.success).toBe(false);
    expect(
      validationErrors(registerSchema, { ...validRegistration, serviceHours: '12.5' }),
    ).toEqual({
      serviceHours: 'Expected number, received string',
    });
  });

  it('accepts form strings for grade and service hours, and an empty avatar URL', () => {
    const data = registerFormSchema.parse({
      ...validRegistration,
      grade: '7',
      serviceHours: '12.5',
      avatarUrl: '',
    });
    expect(data.grade).toBe(7);
    expect(data.serviceHours).toBe(12.5);
    expect(data.avatarUrl).toBeUndefined();
  });

  it('trims username, name and email', () => {
    const data = registerSchema.parse({
      ...validRegistration,
      username: ' jdoe ',
      name: ' Jane ',
      email: ' jane@example.org ',
    });
    expect([data.username, data.name, data.email]).toEqual(['jdoe', 'Jane', 'jane@example.org']);
  });

  it('says "Invalid email address"', () => {
    expect(
      validationErrors(registerSchema, { ...validRegistration, email: 'not-an-email' }),
    ).toEqual({
      email: 'Invalid email address',
    });
    expect(validationErrors(registerSchema, { ...validRegistration, email: '' }).email).toBe(
      'Invalid email address',
    );
  });

  it('says "Invalid school selection" for anything outside the registry', () => {
    for (const school of ['Hogwarts', 'jesuit high school', '', 7]) {
      expect(validationErrors(registerSchema, { ...validRegistration, school })).toEqual({
        school: 'Invalid school selection',
      });
    }
  });

  it('bounds grade to whole numbers 6 to 12', () => {
    for (const grade of [6, 12, 9])
      expect(registerSchema.safeParse({ ...validRegistration, grade }).success).toBe(true);
    expect(validationErrors(registerSchema, { ...validRegistration, grade: 5 }).grade).toBe(
      'Grade must be between 6 and 12',
    );
    expect(validationErrors(registerSchema, { ...validRegistration, grade: 13 }).grade).toBe(
      'Grade must be between 6 and 12',
    );
    expect(validationErrors(registerSchema, { ...validRegistration, grade: 9.5 }).grade).toBe(
      'Grade must be a whole number',
    );
    expect(validationErrors(registerSchema, { ...validRegistration, grade: 'ten' }).grade).toBe(
      'Expected number, received string',
    );
    expect(validationErrors(registerFormSchema, { ...validRegistration, grade: '' }).grade).toBe(
      'Required',
    );
  });

  it('refuses negative service hours', () => {
    expect(
      validationErrors(registerSchema, { ...validRegistration, serviceHours: -1 }).serviceHours,
    ).toBe('Service hours cannot be negative');
  });

  it('says "Invalid avatar URL" and refuses script URLs', () => {
    for (const avatarUrl of [
      'not a url',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://x.org/a.png',
    ]) {
      expect(validationErrors(registerSchema, { ...validRegistration, avatarUrl }).avatarUrl).toBe(
        'Invalid avatar URL',
      );
    }
    expect(
      registerSchema.parse({ ...validRegistration, avatarUrl: 'https://cdn.example.org/a.png' })
        .avatarUrl,
    ).toBe('https://cdn.example.org/a.png');
  });

  it('never lets a client grant itself a role', () => {
    expect(validationErrors(registerSchema, { ...validRegistration, isAdmin: true })).toEqual({
      isAdmin: 'Roles cannot be set at registration',
    });
    expect(validationErrors(registerSchema, { ...validRegistration, isSupervisor: true })).toEqual({
      isSupervisor: 'Roles cannot be set at registration',
    });
    expect(
      validationErrors(registerSchema, { ...validRegistration, isSupervisor: 'true' }).isSupervisor,
    ).toBe('Roles cannot be set at registration');
    // The spec form's own default (isSupervisor false) is harmless.
    expect(registerSchema.safeParse({ ...validRegistration, isSupervisor: false }).success).toBe(
      true,
    );
  });

  it('refuses unknown fields by name', () => {
    expect(validationErrors(registerSchema, { ...validRegistration, role: 'admin' })).toEqual({
      role: 'Unrecognized field: role',
    });
  });

  it('says "Required" for every missing field', () => {
    expect(validationErrors(registerSchema, {})).toEqual({
      username: 'Required',
      password: 'Required',
      name: 'Required',
      email: 'Required',
      school: 'Invalid school selection',
      grade: 'Required',
    });
  });

  it('requires an 8-character password', () => {
    expect(
      validationErrors(registerSchema, { ...validRegistration, password: 'short' }).password,
    ).toBe('Password must be at least 8 characters long');
  });
});

describe('loginSchema', () => {
  it('accepts username and password', () => {
    expect(loginSchema.parse({ username: 'jdoe', password: 'x' })).toEqual({
      username: 'jdoe',
      password: 'x',
    });
  });

  it('requires both', () => {
    expect(validationErrors(loginSchema, {})).toEqual({
      username: 'Required',
      password: 'Required',
    });
    expect(validationErrors(loginSchema, { username: '  ', password: '' })).toEqual({
      username: 'Required',
      password: 'Required',
    });
  });

  it('names wrong types and unknown fields', () => {
    expect(validationErrors(loginSchema, { username: 42, password: 'x' })).toEqual({
      username: 'Expected string, received number',
    });
    expect(validationErrors(loginSchema, { username: 'a', password: 'b', remember: true })).toEqual(
      {
        remember: 'Unrecognized field: remember',
      },
    );
  });
});

describe('forgotPasswordSchema', () => {
  it('says "Please enter a valid email address"', () => {
    expect(forgotPasswordSchema.parse({ email: 'a@b.org' })).toEqual({ email: 'a@b.org' });
    expect(validationErrors(forgotPasswordSchema, { email: 'nope' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validationErrors(forgotPasswordSchema, {})).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('resetPasswordSchema', () => {
  it('accepts a token and a long enough password', () => {
    expect(resetPasswordSchema.parse({ token: 'abc', newPassword: '12345678' })).toEqual({
      token: 'abc',
      newPassword: '12345678',
    });
  });

  it('says the password is too short and the token is missing', () => {
    expect(validationErrors(resetPasswordSchema, { token: 'abc', newPassword: '1234567' })).toEqual(
      {
        newPassword: 'Password must be at least 8 characters long',
      },
    );
    expect(validationErrors(resetPasswordSchema, { newPassword: '12345678' })).toEqual({
      token: 'Reset token is missing',
    });
  });
});

describe('resetPasswordFormSchema', () => {
  it('accepts matching passwords', () => {
    expect(
      resetPasswordFormSchema.safeParse({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })
        .success,
    ).toBe(true);
  });

  it('shows "Passwords don\'t match" on the confirm field', () => {
    expect(
      validationErrors(resetPasswordFormSchema, {
        newPassword: 'abcdefgh',
        confirmPassword: 'abcdefgx',
      }),
    ).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('shows both messages when the password is also too short', () => {
    expect(
      validationErrors(resetPasswordFormSchema, { newPassword: 'abc', confirmPassword: 'abd' }),
    ).toEqual({
      newPassword: 'Password must be at least 8 characters long',
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('changeSchoolSchema', () => {
  it('accepts a registry school only', () => {
    expect(changeSchoolSchema.parse({ school: 'Riverdale High School' })).toEqual({
      school: 'Riverdale High School',
    });
    expect(validationErrors(changeSchoolSchema, { school: 'Riverdale' })).toEqual({
      school: 'Invalid school selection',
    });
    expect(validationErrors(changeSchoolSchema, {})).toEqual({
      school: 'Invalid school selection',
    });
  });
});

describe('changeRolesSchema', () => {
  it('accepts one or both booleans', () => {
    expect(changeRolesSchema.parse({ isSupervisor: true })).toEqual({ isSupervisor: true });
    expect(changeRolesSchema.parse({ isAdmin: false, isSupervisor: false })).toEqual({
      isAdmin: false,
      isSupervisor: false,
    });
  });

  it('refuses an empty change, non-booleans and unknown fields', () => {
    expect(formatZodError(changeRolesSchema.safeParse({}).error!).message).toBe(
      'Provide isAdmin or isSupervisor',
    );
    expect(validationErrors(changeRolesSchema, { isAdmin: 'yes' })).toEqual({
      isAdmin: 'Expected boolean, received string',
    });
    expect(validationErrors(changeRolesSchema, { isAdmin: true, isOwner: true })).toEqual({
      isOwner: 'Unrecognized field: isOwner',
    });
  });
});

describe('user responses', () => {
  const user = {
    id: 1,
    ref: 'AbCdEfGhIjKlMnOp',
    name: 'Jane',
    school: 'Other',
    grade: 9,
    avatarUrl: null,
    serviceHours: 3.5,
    isAdmin: false,
    isSupervisor: false,
  };

  it('directory entries carry no e-mail or username', () => {
    const parsed = directoryUserSchema.parse({
      ...user,
      email: 'x@y.z',
      username: 'jane',
      password: 'hash',
    });
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(user).sort());
  });

  it('the current user also carries username and e-mail', () => {
    expect(
      parseWith(currentUserSchema, {
        ...user,
        username: 'jane',
        email: 'x@y.z',
        directoryVisible: true,
        restricted: false,
      }).success,
    ).toBe(true);
    expect(parseWith(currentUserSchema, user).success).toBe(false);
    // The owner's id stays required there; only peers' directory rows go without one.
    const { id: _id, ...peer } = user;
    expect(directoryUserSchema.safeParse(peer).success).toBe(true);
    expect(
      parseWith(currentUserSchema, {
        ...peer,
        username: 'jane',
        email: 'x@y.z',
        directoryVisible: true,
        restricted: false,
      }).success,
    ).toBe(false);
  });
});

describe('avatarFileError', () => {
  it('refuses non-images and files over 5 MB', () => {
    expect(avatarFileError({ type: 'text/plain', size: 10 })).toBe('Please select an image file');
    expect(avatarFileError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'File size must be less than 5MB',
    );
    expect(avatarFileError({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(avatarFileError({ type: 'image/webp', size: 1000 })).toBeNull();
  });
});
