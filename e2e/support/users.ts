// Unique users for journeys: each call makes a username and e-mail no other test or run uses.
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface NewUser {
  username: string;
  password: string;
  name: string;
  email: string;
  school: string;
  grade: number;
  serviceHours: number;
}

export interface RegisteredUser extends NewUser {
  id: number;
  // The user as POST /api/register answered it.
  body: Record<string, unknown>;
}

let counter = 0;

export function uniqueUser(overrides: Partial<NewUser> = {}): NewUser {
  counter += 1;
  const tag = `${randomBytes(3).toString('hex')}${counter}`;
  return {
    username: `student_${tag}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    name: `Student ${tag.toUpperCase()}`,
    email: `student_${tag}@example.test`,
    school: 'East Jefferson High School',
    grade: 10,
    serviceHours: 0,
    ...overrides,
  };
}

// Registers through the gateway. Given a page, it uses the page's own request context, so the
// session cookie lands in the browser and the page is signed in as the new user.
export async function registerUser(
  target: Page | APIRequestContext,
  overrides: Partial<NewUser> = {},
): Promise<RegisteredUser> {
  const request = 'request' in target ? target.request : target;
  const user = uniqueUser(overrides);
  const response = await request.post('/api/register', { data: user });
  expect(
    response.ok(),
    `POST /api/register answered ${response.status()}: ${await response.text()}`,
  ).toBe(true);
  const body = (await response.json()) as Record<string, unknown>;
  return { ...user, id: Number(body.id), body };
}
