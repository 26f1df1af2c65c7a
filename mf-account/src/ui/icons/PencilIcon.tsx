import { Icon, type IconProps } from './Icon.tsx';

export function PencilIcon({ size = 16 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </Icon>
  );
}
