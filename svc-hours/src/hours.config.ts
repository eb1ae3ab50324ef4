import { z } from 'zod';
import { mailConfigSchema, type ServiceConfig } from '@district/service-kit';
import { parseRecordSigningKey } from './service-records/record-signing';

// svc-hours' own variables (docs/architecture.md "Services: configuration").
export const hoursConfigSchema = z.object({
  ...mailConfigSchema.shape,
  // The district's name, printed and signed on every official service record (issue 33).
  DISTRICT_NAME: z.string().trim().min(1).max(200).default('District Volunteers'),
  // Ed25519 private key (PKCS#8 DER, base64) that signs official service records (issue 19).
  RECORD_SIGNING_KEY: z.string().refine(
    (value) => {
      try {
        parseRecordSigningKey(value);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must be a base64 PKCS#8 Ed25519 private key' },
  ),
});

export type HoursConfig = ServiceConfig & z.output<typeof hoursConfigSchema>;
