import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '../lib/cn';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: AvatarSize;
  // Empty by default: the avatar sits next to the name or inside a labelled button.
  alt?: string;
  className?: string;
}

// "Ada Lovelace" → "AL", "cher" → "C".
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

// The initials show from the first paint: without a picture, while the picture loads (no delay,
// so never an empty circle), and for good when its URL fails; the picture replaces them once loaded.
export function Avatar({ name, src, size = 'md', alt = '', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('ui-avatar', `ui-avatar--${size}`, className)}>
      {src ? <AvatarPrimitive.Image className="ui-avatar__image" src={src} alt={alt} /> : null}
      <AvatarPrimitive.Fallback className="ui-avatar__fallback" aria-hidden="true">
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
