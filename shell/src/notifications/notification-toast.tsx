import {
  NOTIFICATION_TOAST,
  renderNotification,
  type AnyNotificationItem,
  type NotificationItem,
  type PersonalNotificationItem,
} from '@district/contracts';
import {
  currentLanguage,
  HeartIcon,
  i18n,
  messages,
  SparklesIcon,
  StarIcon,
  toast,
  ZapIcon,
  type IconProps,
  type ToastHandle,
} from '@district/ui';
import type { ComponentType } from 'react';
import '../i18n';
import './notifications.css';

type IconColor = (typeof NOTIFICATION_TOAST.iconColors)[number];

const ICONS: Record<IconColor, ComponentType<IconProps>> = {
  yellow: SparklesIcon,
  red: HeartIcon,
  purple: StarIcon,
  blue: ZapIcon,
};

export function randomIconColor(random: () => number = Math.random): IconColor {
  const colors = NOTIFICATION_TOAST.iconColors;
  return colors[Math.min(colors.length - 1, Math.floor(random() * colors.length))]!;
}

// Where the toast's "View" leads: the new card on /volunteer (issue 14.6).
export function opportunityPath(item: NotificationItem): string {
  const id = item.data.opportunityId;
  return id === undefined ? '/volunteer' : `/volunteer#opportunity-${id}`;
}

// SPEC §8: "New Volunteer Opportunity!", "{title} - {location}", and the line "Make a difference
// today!" with one of four coloured icons picked at random. The store shows one toast at a time.
// Beyond the spec, a "View" action opens the new card when the app gives a way to navigate.
export function showNotificationToast(
  item: AnyNotificationItem,
  color: IconColor = randomIconColor(),
  open?: (path: string) => void,
): ToastHandle {
  if (item.type === 'personal') return showPersonalToast(item, open);
  const Icon = ICONS[color];
  // The shared catalogue's texts in the language in use when the toast appears.
  const texts = messages().notificationToast;
  return toast({
    ...(open
      ? {
          action: {
            label: i18n._('shell.toast.view'),
            altText: i18n._('shell.toast.viewOpportunity', { title: item.data.title }),
            onClick: () => open(opportunityPath(item)),
          },
        }
      : {}),
    title: texts.title,
    description: (
      <span className="notification-toast">
        <span className="notification-toast__text">
          {texts.description(item.data.title, item.data.location)}
        </span>
        <span className="notification-toast__extra" data-icon-color={color}>
          <Icon
            size="sm"
            className={`notification-toast__icon notification-toast__icon--${color}`}
          />
          {texts.extraLine}
        </span>
      </span>
    ),
  });
}

// Where a personal toast's "View" leads: its path, at the opportunity's card when it names one.
function personalPath(item: PersonalNotificationItem): string | null {
  const { path, opportunityId } = item.data;
  if (path === null) return null;
  return opportunityId !== null && path === '/volunteer'
    ? `/volunteer#opportunity-${opportunityId}`
    : path;
}

// Issue 18: a message for this user alone (a waitlist promotion, a changed event, a reminder),
// in the words its service wrote.
function showPersonalToast(
  item: PersonalNotificationItem,
  open?: (path: string) => void,
): ToastHandle {
  const path = personalPath(item);
  // Issue 22: in the reader's language when the service sent the catalogue entry; items from
  // before it carry only their English title and body.
  const { title, body } = item.data.message
    ? renderNotification(currentLanguage(), item.data.message)
    : item.data;
  return toast({
    ...(open && path
      ? {
          action: {
            label: i18n._('shell.toast.view'),
            altText: i18n._('shell.toast.viewItem', { title }),
            onClick: () => open(path),
          },
        }
      : {}),
    title,
    description: body,
  });
}
