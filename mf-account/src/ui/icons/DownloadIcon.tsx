import { Icon, type IconProps } from './Icon.tsx';

export function DownloadIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </Icon>
  );
}
