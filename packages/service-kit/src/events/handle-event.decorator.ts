import { SetMetadata } from '@nestjs/common';
import type { EventType } from '@district/contracts';

export const HANDLE_EVENT_KEY = 'service-kit:handle-event';

// Marks a provider method as the handler of one event type:
// `@HandleEvent('user.registered') onRegistered(payload, { manager, event }) { … }`
export const HandleEvent = (type: EventType) => SetMetadata(HANDLE_EVENT_KEY, type);
