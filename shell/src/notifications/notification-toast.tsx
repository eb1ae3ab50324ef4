import { NOTIFICATION_TOAST, type NotificationItem } from '@district/contracts';
import { toast, type ToastHandle } from '@district/ui';
import type { ComponentType, SVGProps } from 'react';
import { HeartIcon, SparklesIcon, StarIcon, ZapIcon } from './notification-icons';
import './notifications.css';

type IconColor = (typeof NOTIFICATION_TOAST.iconColors)[number];

const ICONS: Record<IconColor, ComponentType<SVGProps<SVGSVGElement>>> = {
  yellow: SparklesIcon,
  red: HeartIcon,
  purple: StarIcon,
  blue: ZapIcon,
};

export function randomIconColor(random: () => number = Math.random): IconColor {
  const colors = NOTIFICATION_TOAST.iconColors;
  return colors[Math.min(colors.length - 1, Math.floor(random() * colors.length))]!;
}

// SPEC §8: "New Volunteer Opportunity!", "{title} - {location}", and the line "Make a difference
// today!" with one of four coloured icons picked at random. The store shows one toast at a time.
export function showNotificationToast(
  item: NotificationItem,
  color: IconColor = randomIconColor(),
): ToastHandle {
  const Icon = ICONS[color];
  return toast({
    title: NOTIFICATION_TOAST.title,
    description: (
      <span className="notification-toast">
        <span className="notification-toast__text">
          {NOTIFICATION_TOAST.description(item.data.title, item.data.location)}
        </span>
        <span className="notification-toast__extra" data-icon-color={color}>
          <Icon className={`notification-toast__icon notification-toast__icon--${color}`} />
          {NOTIFICATION_TOAST.extraLine}
        </span>
      </span>
    ),
  });
}
