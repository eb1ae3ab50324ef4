import type { SVGProps } from 'react';
import { HeartHandIcon, Icon } from '../lib/icons';

// The four decorative icons of the new-opportunity toast (SPEC §8), one per colour, at toast size.
type IconProps = SVGProps<SVGSVGElement>;
const SMALL = { width: 16, height: 16 };

export const SparklesIcon = (props: IconProps) => (
  <Icon {...SMALL} {...props}>
    <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9Z" />
    <path d="M19 15l.7 1.8 1.8.7-1.8.7L19 20l-.7-1.8-1.8-.7 1.8-.7Z" />
  </Icon>
);

export const HeartIcon = (props: IconProps) => <HeartHandIcon {...SMALL} {...props} />;

export const StarIcon = (props: IconProps) => (
  <Icon {...SMALL} {...props}>
    <path d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1Z" />
  </Icon>
);

export const ZapIcon = (props: IconProps) => (
  <Icon {...SMALL} {...props}>
    <path d="M13 2 3 14h9l-1 8 10-12h-9l1-8Z" />
  </Icon>
);
