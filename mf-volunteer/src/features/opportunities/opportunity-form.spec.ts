import { describe, expect, it } from '@jest/globals';
import {
  createOpportunityFormSchema,
  fieldErrorMap,
  OPPORTUNITY_EDIT_MESSAGES,
  updateOpportunityFormSchema,
  VALIDATION,
  type Opportunity,
} from '@district/contracts';
import {
  changedFields,
  createBody,
  createInput,
  defaultFormValues,
  formValuesOf,
  updateBody,
  updateInput,
  type OpportunityFormValues,
} from './opportunity-form';

// What the dialogs' useSchemaForm does with these: parse the input with the service's schema,
// then send the body built from the parsed data (or show the field errors).
function createRequest(values: OpportunityFormValues) {
  const parsed = createOpportunityFormSchema.safeParse(createInput(values));
  return parsed.success
    ? { ok: true as const, body: createBody(values, parsed.data) }
    : { ok: false as const, errors: fieldErrorMap(parsed.error) };
}

function updateRequest(values: OpportunityFormValues, original: Opportunity) {
  if (!changedFields(values, original)) return undefined;
  const parsed = updateOpportunityFormSchema.safeParse(updateInput(values, original));
  return parsed.success
    ? { ok: true as const, body: updateBody(values, original, parsed.data) }
    : { ok: false as const, errors: fieldErrorMap(parsed.error) };
}

const filled = (overrides: Partial<OpportunityFormValues> = {}): OpportunityFormValues => ({
  ...defaultFormValues(),
  title: 'Beach Cleanup',
  description: 'Help clean Grand Isle beach.',
  location: 'Grand Isle',
  date: '2031-05-03',
  ...overrides,
});

describe('the opportunity form', () => {
  it('keeps the spec defaults and starts 9:00 to 11:00', () => {
    const values = defaultFormValues();
    expect(values).toMatchObject({ title: '', spaces: '1', startTime: '09:00', endTime: '11:00' });
  });

  it('sends the local start and end as instants', () => {
    const checked = createRequest(filled({ startTime: '08:30', endTime: '12:00' }));
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({
        date: new Date(2031, 4, 3, 8, 30).toISOString(),
        endsAt: new Date(2031, 4, 3, 12, 0).toISOString(),
        spaces: 1,
      }),
    });
    expect(checked.ok && 'repeatWeeks' in checked.body && checked.body.repeatWeeks).toBeFalsy();
  });

  it('says the end must be after the start, under End time', () => {
    expect(createRequest(filled({ startTime: '10:00', endTime: '09:00' }))).toEqual({
      ok: false,
      errors: { endsAt: VALIDATION.endBeforeStart },
    });
  });

  it('sends Repeat weekly with the browser’s zone, and checks the count', () => {
    const checked = createRequest(filled({ repeat: true, repeatWeeks: '6' }));
    expect(checked.ok && checked.body).toMatchObject({
      repeatWeeks: 6,
      timeZone: expect.any(String),
    });
    expect(createRequest(filled({ repeat: true, repeatWeeks: '30' }))).toEqual({
      ok: false,
      errors: { repeatWeeks: OPPORTUNITY_EDIT_MESSAGES.repeatWeeksRange },
    });
  });

  it('edits send only what changed, nothing when nothing did', () => {
    const original: Opportunity = {
      id: 4,
      title: 'Beach Cleanup',
      description: 'Help clean Grand Isle beach.',
      location: 'Grand Isle',
      date: new Date(2031, 4, 3, 9, 0).toISOString(),
      endsAt: new Date(2031, 4, 3, 11, 0).toISOString(),
      spaces: 5,
      filled: 0,
      status: 'active',
    };
    const values = formValuesOf(original);
    expect(updateRequest(values, original)).toBeUndefined();
    expect(updateRequest({ ...values, endTime: '12:15', spaces: '7' }, original)).toEqual({
      ok: true,
      body: { endsAt: new Date(2031, 4, 3, 12, 15).toISOString(), spaces: 7 },
    });
  });
});
