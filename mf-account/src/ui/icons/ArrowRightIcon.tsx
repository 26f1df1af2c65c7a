import { Icon, type IconProps } from './Icon.tsx';

export function ArrowRightIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}
