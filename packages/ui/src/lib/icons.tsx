import Archive from 'lucide-react/icons/archive';
import Calendar from 'lucide-react/icons/calendar';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Camera from 'lucide-react/icons/camera';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ChevronUp from 'lucide-react/icons/chevron-up';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import Globe from 'lucide-react/icons/globe';
import Heart from 'lucide-react/icons/heart';
import ImageOff from 'lucide-react/icons/image-off';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Menu from 'lucide-react/icons/menu';
import Pen from 'lucide-react/icons/pen';
import Plus from 'lucide-react/icons/plus';
import Repeat from 'lucide-react/icons/repeat';
import Search from 'lucide-react/icons/search';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import X from 'lucide-react/icons/x';
import Zap from 'lucide-react/icons/zap';
import type { LucideIcon, LucideProps } from 'lucide-react';

// The platform's one icon set: lucide's glyphs at the kit's three sizes (1rem, 1.25rem, 1.5rem),
// so an icon lines up with the text beside it. Each glyph is imported on its own: the package's
// index pulls in all ~4,800 icons, which every test and dev build importing the kit would pay.
// Decorative: lucide marks an icon aria-hidden unless it gets a label; the text beside it speaks.
export interface IconProps extends Omit<LucideProps, 'size'> {
  size?: 'sm' | 'md' | 'lg';
}

function kitIcon(Glyph: LucideIcon, name: string) {
  function KitIcon({ size = 'md', className, ...props }: IconProps) {
    const classes = ['ui-icon', size !== 'md' && `ui-icon--${size}`, className];
    return <Glyph focusable="false" className={classes.filter(Boolean).join(' ')} {...props} />;
  }
  KitIcon.displayName = name;
  return KitIcon;
}

export const AlertIcon = kitIcon(CircleAlert, 'AlertIcon');
export const ArchiveIcon = kitIcon(Archive, 'ArchiveIcon');
export const CalendarIcon = kitIcon(Calendar, 'CalendarIcon');
export const CalendarPlusIcon = kitIcon(CalendarPlus, 'CalendarPlusIcon');
export const CameraIcon = kitIcon(Camera, 'CameraIcon');
export const CheckCircleIcon = kitIcon(CircleCheck, 'CheckCircleIcon');
export const CheckIcon = kitIcon(Check, 'CheckIcon');
export const ChevronDownIcon = kitIcon(ChevronDown, 'ChevronDownIcon');
export const ChevronRightIcon = kitIcon(ChevronRight, 'ChevronRightIcon');
export const ChevronUpIcon = kitIcon(ChevronUp, 'ChevronUpIcon');
export const ClockIcon = kitIcon(Clock, 'ClockIcon');
export const CloseIcon = kitIcon(X, 'CloseIcon');
export const CopyIcon = kitIcon(Copy, 'CopyIcon');
export const DownloadIcon = kitIcon(Download, 'DownloadIcon');
export const GlobeIcon = kitIcon(Globe, 'GlobeIcon');
export const HeartIcon = kitIcon(Heart, 'HeartIcon');
export const ImageOffIcon = kitIcon(ImageOff, 'ImageOffIcon');
export const MailIcon = kitIcon(Mail, 'MailIcon');
export const MapPinIcon = kitIcon(MapPin, 'MapPinIcon');
export const MenuIcon = kitIcon(Menu, 'MenuIcon');
export const PenIcon = kitIcon(Pen, 'PenIcon');
export const PlusIcon = kitIcon(Plus, 'PlusIcon');
export const RepeatIcon = kitIcon(Repeat, 'RepeatIcon');
export const SearchIcon = kitIcon(Search, 'SearchIcon');
export const SparklesIcon = kitIcon(Sparkles, 'SparklesIcon');
export const StarIcon = kitIcon(Star, 'StarIcon');
export const TrashIcon = kitIcon(Trash2, 'TrashIcon');
export const UsersIcon = kitIcon(Users, 'UsersIcon');
export const ZapIcon = kitIcon(Zap, 'ZapIcon');
