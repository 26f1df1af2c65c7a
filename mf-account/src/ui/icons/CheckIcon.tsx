import { Icon, type IconProps } from './Icon.tsx';

export function CheckIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}
