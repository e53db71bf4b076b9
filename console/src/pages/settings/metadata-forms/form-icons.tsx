import {
  IconBallFootball,
  IconCalendar,
  IconChecklist,
  IconClock,
  IconFileDescription,
  IconFlag,
  IconForms,
  IconMapPin,
  IconMicrophone,
  IconMovie,
  IconNews,
  IconPhoto,
  IconShieldLock,
  IconStar,
  IconTag,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

/** The icons a form can carry, stored by name so the server and other clients need no icon library. */
export const formIcons: Record<string, Icon> = {
  forms: IconForms,
  tag: IconTag,
  movie: IconMovie,
  microphone: IconMicrophone,
  photo: IconPhoto,
  news: IconNews,
  'ball-football': IconBallFootball,
  world: IconWorld,
  'map-pin': IconMapPin,
  users: IconUsers,
  calendar: IconCalendar,
  clock: IconClock,
  checklist: IconChecklist,
  'shield-lock': IconShieldLock,
  flag: IconFlag,
  star: IconStar,
  'file-description': IconFileDescription,
};

/** A form's icon in its colour; a name this console does not know shows the generic form icon. */
export function FormIcon({ icon, color, size = 16 }: { icon: string | null; color: string | null; size?: number }) {
  const Component = (icon && formIcons[icon]) || IconForms;
  return <Component size={size} color={color ?? 'currentColor'} aria-hidden />;
}
