/** A drawn map of the store's street: works offline, unlike an embedded third-party map frame. */
export function StoreMap({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 480 360" width="480" height="360" style={{ width: '100%', height: 'auto', borderRadius: 14 }}>
      <rect width="480" height="360" fill="#eef2e6" />
      <path d="M0 250 C120 230 200 290 480 240" stroke="#b5d0ee" strokeWidth="36" fill="none" />
      <path d="M0 120h480M150 0v360M340 0v360" stroke="#ffffff" strokeWidth="22" />
      <path d="M0 120h480M150 0v360M340 0v360" stroke="#d9dde3" strokeWidth="2" strokeDasharray="10 8" />
      <rect x="30" y="20" width="90" height="70" rx="6" fill="#cfe3c3" />
      <rect x="180" y="150" width="130" height="60" rx="6" fill="#dfd6c8" />
      <rect x="370" y="20" width="90" height="80" rx="6" fill="#cfe3c3" />
      <rect x="370" y="150" width="90" height="50" rx="6" fill="#dfd6c8" />
      <g transform="translate(245 96)">
        <path d="M0 0c-14 0-24 10-24 23 0 18 24 41 24 41s24-23 24-41C24 10 14 0 0 0z" fill="#b5470f" />
        <circle cx="0" cy="23" r="9" fill="#fff" />
      </g>
      <text x="160" y="112" fontSize="14" fill="#1b1f24" fontFamily="system-ui, sans-serif">
        Market Street
      </text>
    </svg>
  );
}
