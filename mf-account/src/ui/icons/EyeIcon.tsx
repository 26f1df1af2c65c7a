import { Icon, type IconProps } from './Icon.tsx';

export function EyeIcon({ size = 20 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}
