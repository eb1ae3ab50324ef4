import { SetMetadata, type ExecutionContext } from '@nestjs/common';

// Registration's own ceilings (REGISTRATIONS_PER_MINUTE, REGISTRATIONS_PER_DAY) instead of
// RATE_LIMIT_PER_MINUTE: rate-limit.module.ts reads this mark.
const RATE_LIMIT_POLICY = 'district:rate-limit-policy';
export const RegistrationRateLimit = () => SetMetadata(RATE_LIMIT_POLICY, 'registration');
export function isRegistration(context: ExecutionContext): boolean {
  return Reflect.getMetadata(RATE_LIMIT_POLICY, context.getHandler()) === 'registration';
}
