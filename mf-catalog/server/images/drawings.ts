// Stylised product drawings, each on a 400x400 stage standing on the floor line y = 330.
// Shapes and gradients only: recognisable at thumbnail size and tinted by the product colour.
import type { Paint } from './svg.ts';

// A faint outline keeps white and beige products visible on light backgrounds.
const O = 'stroke="rgba(20,24,30,0.18)" stroke-width="2"';

type Draw = (p: Paint) => string;

const DRAWINGS = {
  chair: (p) => `
    <polygon points="118,262 134,262 122,330 108,330" fill="${p.wood}"/>
    <polygon points="266,262 282,262 292,330 278,330" fill="${p.wood}"/>
    <polygon points="140,250 154,250 150,318 138,318" fill="${p.wood}" opacity="0.7"/>
    <polygon points="246,250 260,250 262,318 250,318" fill="${p.wood}" opacity="0.7"/>
    <rect x="128" y="96" width="144" height="150" rx="34" fill="${p.body}" ${O}/>
    <rect x="146" y="112" width="108" height="112" rx="26" fill="${p.light}" opacity="0.25"/>
    <rect x="104" y="224" width="192" height="42" rx="20" fill="${p.side}" ${O}/>
    <rect x="112" y="218" width="176" height="20" rx="10" fill="${p.light}" opacity="0.35"/>
    <rect x="88" y="200" width="38" height="14" rx="7" fill="${p.wood}"/>
    <rect x="274" y="200" width="38" height="14" rx="7" fill="${p.wood}"/>
    <rect x="100" y="210" width="12" height="56" rx="5" fill="${p.wood}"/>
    <rect x="288" y="210" width="12" height="56" rx="5" fill="${p.wood}"/>`,
  sofa: (p) => `
    <rect x="72" y="292" width="14" height="38" rx="4" fill="${p.wood}"/>
    <rect x="314" y="292" width="14" height="38" rx="4" fill="${p.wood}"/>
    <rect x="58" y="150" width="284" height="96" rx="30" fill="${p.body}" ${O}/>
    <rect x="84" y="160" width="112" height="78" rx="22" fill="${p.light}" opacity="0.3"/>
    <rect x="204" y="160" width="112" height="78" rx="22" fill="${p.light}" opacity="0.3"/>
    <rect x="56" y="230" width="288" height="66" rx="18" fill="${p.side}" ${O}/>
    <rect x="86" y="222" width="112" height="30" rx="13" fill="${p.body}" ${O}/>
    <rect x="202" y="222" width="112" height="30" rx="13" fill="${p.body}" ${O}/>
    <rect x="32" y="190" width="52" height="106" rx="24" fill="${p.body}" ${O}/>
    <rect x="316" y="190" width="52" height="106" rx="24" fill="${p.body}" ${O}/>
    <rect x="240" y="176" width="58" height="50" rx="14" fill="${p.light}" transform="rotate(-10 269 201)" ${O}/>`,
  lamp: (p) => `
    <ellipse cx="200" cy="324" rx="58" ry="12" fill="${p.metal}" ${O}/>
    <rect x="195" y="126" width="10" height="200" rx="4" fill="${p.metal}"/>
    <ellipse cx="200" cy="160" rx="90" ry="40" fill="#fff6d8" opacity="0.55"/>
    <polygon points="144,56 256,56 286,144 114,144" fill="${p.body}" ${O}/>
    <polygon points="160,62 196,62 186,140 134,140" fill="${p.light}" opacity="0.35"/>
    <ellipse cx="200" cy="144" rx="86" ry="10" fill="${p.dark}"/>
    <ellipse cx="200" cy="146" rx="30" ry="6" fill="#fff3c4"/>`,
  table: (p) => `
    <polygon points="112,236 128,236 118,330 104,330" fill="${p.wood}"/>
    <polygon points="272,236 288,236 296,330 282,330" fill="${p.wood}"/>
    <polygon points="150,236 162,236 160,310 150,310" fill="${p.wood}" opacity="0.65"/>
    <polygon points="238,236 250,236 250,310 240,310" fill="${p.wood}" opacity="0.65"/>
    <rect x="120" y="276" width="160" height="10" rx="4" fill="${p.wood}" opacity="0.8"/>
    <ellipse cx="200" cy="222" rx="150" ry="34" fill="${p.side}" ${O}/>
    <ellipse cx="200" cy="214" rx="150" ry="34" fill="${p.body}" ${O}/>
    <ellipse cx="170" cy="206" rx="80" ry="14" fill="${p.light}" opacity="0.35"/>
    <rect x="228" y="176" width="34" height="30" rx="6" fill="#f3efe6" ${O}/>
    <path d="M236 176 Q245 150 262 156" stroke="#4a8b5c" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  shelf: (p) => `
    <rect x="96" y="56" width="208" height="274" rx="6" fill="${p.body}" ${O}/>
    <rect x="110" y="70" width="180" height="246" fill="${p.dark}" opacity="0.35"/>
    ${[122, 184, 246].map((y) => `<rect x="104" y="${y}" width="192" height="10" fill="${p.side}"/>`).join('')}
    <rect x="104" y="308" width="192" height="10" fill="${p.side}"/>
    <rect x="118" y="80" width="14" height="42" fill="#c8463d"/><rect x="134" y="86" width="12" height="36" fill="#e2b53e"/>
    <rect x="148" y="78" width="16" height="44" fill="#3a6fb0"/><rect x="166" y="90" width="40" height="32" rx="4" fill="#f1efe9"/>
    <circle cx="260" cy="104" r="16" fill="#4a8b5c"/><rect x="250" y="108" width="20" height="14" fill="#d9c4a3"/>
    <rect x="120" y="144" width="60" height="40" rx="6" fill="#d9c4a3"/><rect x="218" y="140" width="14" height="44" fill="#8b5e3c"/>
    <rect x="234" y="146" width="12" height="38" fill="#2b2d33"/><rect x="248" y="138" width="16" height="46" fill="#e193ad"/>
    <rect x="124" y="206" width="12" height="40" fill="#4a8b5c"/><rect x="138" y="212" width="14" height="34" fill="#c8463d"/>
    <ellipse cx="244" cy="236" rx="26" ry="10" fill="#f1efe9"/><rect x="226" y="214" width="36" height="22" rx="8" fill="#f1efe9"/>
    <rect x="126" y="268" width="148" height="40" rx="4" fill="${p.light}" opacity="0.5"/>`,
  stool: (p) => `
    <polygon points="170,196 182,196 150,330 136,330" fill="${p.wood}"/>
    <polygon points="218,196 230,196 264,330 250,330" fill="${p.wood}"/>
    <polygon points="194,196 206,196 206,316 194,316" fill="${p.wood}" opacity="0.65"/>
    <ellipse cx="200" cy="270" rx="46" ry="9" fill="none" stroke="${p.dark}" stroke-width="6"/>
    <ellipse cx="200" cy="190" rx="74" ry="22" fill="${p.side}" ${O}/>
    <ellipse cx="200" cy="180" rx="74" ry="22" fill="${p.body}" ${O}/>
    <ellipse cx="182" cy="175" rx="40" ry="8" fill="${p.light}" opacity="0.4"/>`,
  headphones: (p) => `
    <path d="M112 222 C104 70 296 70 288 222" stroke="${p.dark}" stroke-width="22" fill="none" stroke-linecap="round"/>
    <path d="M112 222 C104 70 296 70 288 222" stroke="${p.main}" stroke-width="14" fill="none" stroke-linecap="round"/>
    <path d="M150 104 C180 86 220 86 250 104" stroke="${p.light}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.7"/>
    <rect x="74" y="188" width="64" height="112" rx="28" fill="${p.body}" ${O}/>
    <rect x="262" y="188" width="64" height="112" rx="28" fill="${p.body}" ${O}/>
    <rect x="124" y="198" width="26" height="92" rx="13" fill="${p.rubber}"/>
    <rect x="250" y="198" width="26" height="92" rx="13" fill="${p.rubber}"/>
    <ellipse cx="98" cy="220" rx="8" ry="22" fill="${p.light}" opacity="0.45"/>`,
  phone: (p) => `
    <rect x="132" y="48" width="136" height="282" rx="26" fill="${p.body}" ${O}/>
    <rect x="142" y="58" width="116" height="262" rx="18" fill="${p.screen}"/>
    <circle cx="170" cy="110" r="34" fill="${p.main}" opacity="0.45"/>
    <circle cx="232" cy="230" r="46" fill="${p.light}" opacity="0.3"/>
    <rect x="182" y="66" width="36" height="10" rx="5" fill="#0b0e13"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${156 + i * 24}" y="280" width="16" height="16" rx="5" fill="#ffffff" opacity="0.55"/>`).join('')}
    <polygon points="150,66 196,66 150,170" fill="#ffffff" opacity="0.08"/>`,
  laptop: (p) => `
    <rect x="86" y="74" width="228" height="170" rx="12" fill="${p.body}" ${O}/>
    <rect x="98" y="86" width="204" height="146" rx="6" fill="${p.screen}"/>
    <rect x="112" y="104" width="90" height="10" rx="5" fill="#ffffff" opacity="0.35"/>
    <rect x="112" y="124" width="140" height="50" rx="6" fill="${p.light}" opacity="0.35"/>
    <polygon points="98,86 180,86 98,200" fill="#ffffff" opacity="0.07"/>
    <polygon points="66,246 334,246 362,284 38,284" fill="${p.side}" ${O}/>
    <rect x="38" y="282" width="324" height="10" rx="5" fill="${p.dark}"/>
    <polygon points="170,268 230,268 234,280 166,280" fill="${p.dark}" opacity="0.4"/>
    <polygon points="86,252 314,252 322,262 78,262" fill="${p.dark}" opacity="0.25"/>`,
  speaker: (p) => `
    <rect x="126" y="100" width="148" height="228" rx="44" fill="${p.body}" ${O}/>
    <ellipse cx="200" cy="112" rx="58" ry="12" fill="${p.light}" opacity="0.5"/>
    ${Array.from({ length: 8 }, (_, r) => Array.from({ length: 6 }, (_, c) => `<circle cx="${152 + c * 19}" cy="${150 + r * 19}" r="4" fill="${p.dark}" opacity="0.55"/>`).join('')).join('')}
    <rect x="178" y="118" width="44" height="8" rx="4" fill="${p.dark}"/>
    <rect x="126" y="298" width="148" height="16" fill="${p.rubber}" opacity="0.6"/>
    <rect x="136" y="116" width="14" height="190" rx="7" fill="#ffffff" opacity="0.12"/>`,
  camera: (p) => `
    <rect x="112" y="126" width="66" height="30" rx="8" fill="${p.dark}"/>
    <rect x="70" y="146" width="260" height="160" rx="22" fill="${p.body}" ${O}/>
    <rect x="70" y="190" width="260" height="90" fill="${p.rubber}" opacity="0.55"/>
    <circle cx="210" cy="226" r="70" fill="${p.metal}" ${O}/>
    <circle cx="210" cy="226" r="56" fill="${p.rubber}"/>
    <circle cx="210" cy="226" r="40" fill="#151a22"/>
    <circle cx="210" cy="226" r="24" fill="${p.screen}"/>
    <circle cx="196" cy="210" r="10" fill="#ffffff" opacity="0.5"/>
    <rect x="282" y="132" width="30" height="14" rx="5" fill="${p.metal}"/>
    <rect x="92" y="164" width="36" height="18" rx="4" fill="#fbf6dd" opacity="0.85"/>`,
  watch: (p) => `
    <rect x="164" y="42" width="72" height="112" rx="16" fill="${p.body}" ${O}/>
    <rect x="164" y="246" width="72" height="96" rx="16" fill="${p.body}" ${O}/>
    ${[70, 96, 122].map((y) => `<rect x="192" y="${y}" width="16" height="8" rx="4" fill="${p.dark}" opacity="0.45"/>`).join('')}
    <circle cx="200" cy="200" r="74" fill="${p.metal}" ${O}/>
    <rect x="270" y="190" width="16" height="22" rx="4" fill="${p.metal}"/>
    <circle cx="200" cy="200" r="60" fill="#fbfaf7"/>
    <circle cx="200" cy="200" r="60" fill="${p.main}" opacity="0.12"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="198" y="146" width="4" height="${i % 3 === 0 ? 14 : 8}" fill="#2b2d33" transform="rotate(${i * 30} 200 200)"/>`).join('')}
    <rect x="197" y="160" width="6" height="44" rx="3" fill="#2b2d33" transform="rotate(-50 200 200)"/>
    <rect x="198" y="150" width="4" height="54" rx="2" fill="#2b2d33" transform="rotate(70 200 200)"/>
    <rect x="199" y="148" width="2" height="60" fill="${p.dark}" transform="rotate(160 200 200)"/>
    <circle cx="200" cy="200" r="6" fill="#2b2d33"/>`,
  sunglasses: (p) => `
    <path d="M70 168 L40 150" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>
    <path d="M330 168 L360 150" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>
    <path d="M72 166 Q72 258 130 258 Q186 258 186 180 L186 166 Z" fill="${p.rubber}" stroke="${p.main}" stroke-width="10" stroke-linejoin="round"/>
    <path d="M328 166 Q328 258 270 258 Q214 258 214 180 L214 166 Z" fill="${p.rubber}" stroke="${p.main}" stroke-width="10" stroke-linejoin="round"/>
    <path d="M180 176 Q200 160 220 176" stroke="${p.main}" stroke-width="9" fill="none"/>
    <rect x="66" y="158" width="268" height="14" rx="7" fill="${p.body}"/>
    <path d="M92 186 L150 186 L104 236 Z" fill="#ffffff" opacity="0.18"/>
    <path d="M234 186 L292 186 L246 236 Z" fill="#ffffff" opacity="0.18"/>`,
  umbrella: (p) => `
    <rect x="196" y="110" width="8" height="196" fill="${p.metal}"/>
    <path d="M200 306 L200 318 Q200 336 184 336 Q168 336 168 320" stroke="${p.wood}" stroke-width="12" fill="none" stroke-linecap="round"/>
    <path d="M50 200 Q60 80 200 70 Q340 80 350 200 Q325 184 300 200 Q275 184 250 200 Q225 184 200 200 Q175 184 150 200 Q125 184 100 200 Q75 184 50 200 Z" fill="${p.body}" ${O}/>
    <path d="M200 70 Q160 120 150 200 M200 70 Q240 120 250 200 M200 70 Q110 110 100 200 M200 70 Q290 110 300 200" stroke="${p.dark}" stroke-width="2" fill="none" opacity="0.5"/>
    <path d="M200 70 Q120 90 90 160" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.25" stroke-linecap="round"/>
    <rect x="196" y="52" width="8" height="20" rx="3" fill="${p.metal}"/>`,
  bottle: (p) => `
    <rect x="170" y="44" width="60" height="22" rx="8" fill="${p.rubber}"/>
    <rect x="176" y="64" width="48" height="24" fill="${p.metal}"/>
    <path d="M164 88 L236 88 Q262 100 262 132 L262 306 Q262 330 238 330 L162 330 Q138 330 138 306 L138 132 Q138 100 164 88 Z" fill="${p.side}" ${O}/>
    <rect x="150" y="126" width="18" height="180" rx="9" fill="#ffffff" opacity="0.25"/>
    <rect x="138" y="220" width="124" height="36" fill="${p.dark}" opacity="0.25"/>
    <path d="M230 50 Q262 40 262 70" stroke="${p.rubber}" stroke-width="8" fill="none"/>`,
  keyring: (p) => `
    <circle cx="170" cy="104" r="42" fill="none" stroke="${p.metal}" stroke-width="9"/>
    <path d="M204 128 L230 170" stroke="${p.metal}" stroke-width="7"/>
    <g transform="rotate(-18 250 240)">
      <rect x="196" y="164" width="108" height="150" rx="30" fill="${p.body}" ${O}/>
      <rect x="208" y="176" width="84" height="126" rx="22" fill="none" stroke="${p.light}" stroke-width="3" stroke-dasharray="6 5" opacity="0.8"/>
      <circle cx="250" cy="190" r="9" fill="${p.metal}"/>
    </g>
    <g transform="rotate(24 130 200)">
      <circle cx="130" cy="170" r="22" fill="${p.metal}" ${O}/><circle cx="130" cy="170" r="7" fill="#f4f1ea"/>
      <rect x="124" y="188" width="12" height="110" fill="${p.metal}"/>
      <rect x="136" y="262" width="16" height="8" fill="${p.metal}"/><rect x="136" y="282" width="12" height="8" fill="${p.metal}"/>
    </g>`,
  tshirt: (p) => `
    <path d="M150 70 L176 62 Q200 92 224 62 L250 70 L326 118 L298 176 L268 160 L268 326 L132 326 L132 160 L102 176 L74 118 Z" fill="${p.body}" ${O} stroke-linejoin="round"/>
    <path d="M176 62 Q200 92 224 62" stroke="${p.dark}" stroke-width="7" fill="none"/>
    <path d="M132 160 L132 190 M268 160 L268 190" stroke="${p.dark}" stroke-width="2" opacity="0.4"/>
    <path d="M150 100 L150 300" stroke="#ffffff" stroke-width="16" opacity="0.1"/>
    <path d="M236 100 Q240 200 232 320" stroke="${p.dark}" stroke-width="4" fill="none" opacity="0.15"/>`,
  jacket: (p) => `
    <path d="M152 66 L180 56 L200 84 L220 56 L248 66 L300 92 L330 292 L296 302 L268 176 L268 330 L132 330 L132 176 L104 302 L70 292 L100 92 Z" fill="${p.body}" ${O} stroke-linejoin="round"/>
    <path d="M180 56 L168 110 L200 84 L232 110 L220 56" fill="${p.dark}" opacity="0.55"/>
    <rect x="197" y="86" width="6" height="244" fill="${p.metal}"/>
    <path d="M146 240 L184 240 M216 240 L254 240" stroke="${p.dark}" stroke-width="4" opacity="0.6"/>
    <path d="M70 292 L104 302" stroke="${p.dark}" stroke-width="10"/><path d="M296 302 L330 292" stroke="${p.dark}" stroke-width="10"/>
    <path d="M132 316 L268 316" stroke="${p.dark}" stroke-width="8" opacity="0.6"/>`,
  hoodie: (p) => `
    <path d="M150 96 Q150 34 200 34 Q250 34 250 96 Z" fill="${p.dark}"/>
    <path d="M150 74 L300 100 L330 294 L296 304 L268 180 L268 330 L132 330 L132 180 L104 304 L70 294 L100 100 Z" fill="${p.body}" ${O} stroke-linejoin="round"/>
    <path d="M162 74 Q200 140 238 74" fill="${p.dark}" opacity="0.6"/>
    <path d="M186 110 L184 164 M214 110 L216 164" stroke="#f4f1ea" stroke-width="4" stroke-linecap="round"/>
    <path d="M150 236 L250 236 L268 300 L132 300 Z" fill="${p.side}" opacity="0.7"/>
    <path d="M132 316 L268 316" stroke="${p.dark}" stroke-width="10" opacity="0.5"/>`,
  sneaker: (p) => `
    <path d="M64 262 Q70 196 138 186 L200 160 Q246 144 266 178 Q294 222 338 232 Q364 240 358 266 Z" fill="${p.body}" ${O} stroke-linejoin="round"/>
    <path d="M200 160 Q246 144 266 178 L218 206 Z" fill="${p.light}" opacity="0.45"/>
    ${[0, 1, 2, 3].map((i) => `<path d="M${196 + i * 16} ${172 + i * 9} L${222 + i * 16} ${162 + i * 9}" stroke="#f4f1ea" stroke-width="5" stroke-linecap="round"/>`).join('')}
    <path d="M72 222 Q110 214 150 230" stroke="${p.dark}" stroke-width="4" fill="none" opacity="0.5"/>
    <rect x="56" y="258" width="310" height="36" rx="16" fill="#f4f3ef" ${O}/>
    <rect x="56" y="282" width="310" height="12" rx="6" fill="#c9c6bd"/>`,
  beanie: (p) => `
    <circle cx="200" cy="80" r="30" fill="${p.light}" ${O}/>
    <path d="M96 250 Q92 106 200 104 Q308 106 304 250 Z" fill="${p.body}" ${O}/>
    ${Array.from({ length: 9 }, (_, i) => `<path d="M${120 + i * 20} 246 Q${140 + i * 15} 150 200 108" stroke="${p.dark}" stroke-width="3" fill="none" opacity="0.3"/>`).join('')}
    <rect x="84" y="236" width="232" height="66" rx="20" fill="${p.side}" ${O}/>
    ${Array.from({ length: 14 }, (_, i) => `<rect x="${98 + i * 15.5}" y="244" width="5" height="50" rx="2.5" fill="${p.dark}" opacity="0.3"/>`).join('')}`,
  socks: (p) => `
    <g transform="translate(-46 0)">
      <path d="M150 60 L212 60 L212 226 Q212 254 240 262 L300 280 Q332 292 322 318 Q312 340 280 334 L188 318 Q150 310 150 268 Z" fill="${p.body}" ${O}/>
      <rect x="150" y="60" width="62" height="34" fill="${p.dark}" opacity="0.5"/>
      <path d="M282 276 Q330 286 322 318 Q312 340 280 334 Z" fill="${p.light}" opacity="0.6"/>
    </g>
    <g transform="translate(48 -8)">
      <path d="M150 60 L212 60 L212 226 Q212 254 240 262 L300 280 Q332 292 322 318 Q312 340 280 334 L188 318 Q150 310 150 268 Z" fill="${p.side}" ${O}/>
      <rect x="150" y="60" width="62" height="34" fill="${p.dark}" opacity="0.5"/>
      ${[112, 136].map((y) => `<rect x="150" y="${y}" width="62" height="9" fill="${p.light}" opacity="0.7"/>`).join('')}
      <path d="M282 276 Q330 286 322 318 Q312 340 280 334 Z" fill="${p.light}" opacity="0.6"/>
    </g>`,
  backpack: (p) => `
    <path d="M168 92 Q168 54 200 54 Q232 54 232 92" stroke="${p.dark}" stroke-width="12" fill="none"/>
    <rect x="96" y="120" width="26" height="170" rx="12" fill="${p.dark}"/>
    <rect x="278" y="120" width="26" height="170" rx="12" fill="${p.dark}"/>
    <rect x="108" y="84" width="184" height="246" rx="56" fill="${p.body}" ${O}/>
    <path d="M118 150 Q200 110 282 150" stroke="${p.metal}" stroke-width="4" fill="none"/>
    <rect x="132" y="206" width="136" height="104" rx="26" fill="${p.side}" ${O}/>
    <path d="M140 230 L260 230" stroke="${p.metal}" stroke-width="4"/>
    <rect x="190" y="240" width="20" height="10" rx="3" fill="${p.rubber}"/>
    <rect x="126" y="104" width="24" height="200" rx="12" fill="#ffffff" opacity="0.1"/>`,
  handbag: (p) => `
    <path d="M138 172 Q138 76 200 76 Q262 76 262 172" stroke="${p.dark}" stroke-width="14" fill="none"/>
    <path d="M88 170 L312 170 L336 314 Q338 330 320 330 L80 330 Q62 330 64 314 Z" fill="${p.body}" ${O} stroke-linejoin="round"/>
    <path d="M88 170 L312 170 L318 214 Q200 250 82 214 Z" fill="${p.side}" ${O}/>
    <rect x="186" y="222" width="28" height="22" rx="5" fill="${p.metal}" ${O}/>
    <path d="M96 184 L304 184" stroke="${p.light}" stroke-width="2" stroke-dasharray="6 5" opacity="0.7"/>
    <rect x="132" y="164" width="14" height="16" rx="3" fill="${p.metal}"/><rect x="254" y="164" width="14" height="16" rx="3" fill="${p.metal}"/>`,
  tote: (p) => `
    <path d="M132 162 Q132 48 176 48 Q196 48 196 162" stroke="${p.dark}" stroke-width="12" fill="none"/>
    <path d="M204 162 Q204 48 224 48 Q268 48 268 162" stroke="${p.dark}" stroke-width="12" fill="none"/>
    <path d="M102 150 L298 150 L310 330 L90 330 Z" fill="${p.body}" ${O} stroke-linejoin="round"/>
    <rect x="96" y="232" width="208" height="40" fill="${p.light}" opacity="0.4"/>
    <path d="M102 150 L298 150 L299 166 L101 166 Z" fill="${p.dark}" opacity="0.3"/>
    <rect x="116" y="170" width="18" height="150" fill="#ffffff" opacity="0.1"/>`,
  duffel: (p) => `
    <path d="M130 180 Q130 110 200 110 Q270 110 270 180" stroke="${p.dark}" stroke-width="14" fill="none"/>
    <rect x="46" y="166" width="308" height="150" rx="70" fill="${p.body}" ${O}/>
    <ellipse cx="76" cy="242" rx="30" ry="70" fill="${p.side}" ${O}/>
    <ellipse cx="324" cy="242" rx="30" ry="70" fill="${p.side}" ${O}/>
    <path d="M100 176 Q200 160 300 176" stroke="${p.metal}" stroke-width="4" fill="none"/>
    <rect x="120" y="238" width="160" height="54" rx="14" fill="${p.dark}" opacity="0.25"/>
    <rect x="112" y="170" width="16" height="40" rx="4" fill="${p.wood}"/><rect x="272" y="170" width="16" height="40" rx="4" fill="${p.wood}"/>
    <path d="M100 196 Q200 182 300 196" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.15"/>`,
  wallet: (p) => `
    <rect x="118" y="106" width="120" height="80" rx="8" fill="#3a6fb0" transform="rotate(-8 178 146)"/>
    <rect x="160" y="100" width="120" height="80" rx="8" fill="#e2b53e" transform="rotate(6 220 140)"/>
    <rect x="86" y="136" width="228" height="164" rx="20" fill="${p.body}" ${O}/>
    <rect x="98" y="148" width="204" height="140" rx="14" fill="none" stroke="${p.light}" stroke-width="3" stroke-dasharray="7 6" opacity="0.7"/>
    <path d="M200 136 L200 300" stroke="${p.dark}" stroke-width="3" opacity="0.5"/>
    <rect x="230" y="200" width="84" height="40" rx="12" fill="${p.side}" ${O}/>
    <circle cx="290" cy="220" r="7" fill="${p.metal}"/>`,
  kettle: (p) => `
    <rect x="112" y="306" width="176" height="24" rx="10" fill="${p.rubber}"/>
    <path d="M250 150 Q330 150 320 230 Q314 286 270 292" stroke="${p.dark}" stroke-width="18" fill="none" stroke-linecap="round"/>
    <path d="M140 200 L86 150 L80 160 L132 232 Z" fill="${p.side}" ${O}/>
    <path d="M122 308 Q106 178 158 128 L242 128 Q294 178 278 308 Z" fill="${p.body}" ${O}/>
    <ellipse cx="200" cy="128" rx="44" ry="12" fill="${p.dark}"/>
    <rect x="188" y="104" width="24" height="18" rx="8" fill="${p.rubber}"/>
    <path d="M150 160 Q136 220 148 290" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.25" stroke-linecap="round"/>
    <rect x="236" y="250" width="14" height="30" rx="6" fill="#9bd0ff" opacity="0.75"/>`,
  toaster: (p) => `
    <rect x="120" y="120" width="50" height="70" rx="8" fill="#e9c48d" ${O}/>
    <rect x="228" y="114" width="50" height="76" rx="8" fill="#e2b06c" ${O}/>
    <rect x="78" y="160" width="244" height="160" rx="44" fill="${p.body}" ${O}/>
    <rect x="116" y="160" width="60" height="14" rx="7" fill="${p.rubber}"/>
    <rect x="224" y="160" width="60" height="14" rx="7" fill="${p.rubber}"/>
    <rect x="96" y="190" width="20" height="110" rx="10" fill="#ffffff" opacity="0.18"/>
    <rect x="322" y="210" width="18" height="26" rx="6" fill="${p.rubber}"/>
    <circle cx="200" cy="270" r="14" fill="${p.metal}" ${O}/>
    <rect x="100" y="316" width="40" height="12" rx="4" fill="${p.rubber}"/><rect x="260" y="316" width="40" height="12" rx="4" fill="${p.rubber}"/>`,
  blender: (p) => `
    <path d="M150 80 L250 80 L240 252 L160 252 Z" fill="${p.glass}" ${O}/>
    <path d="M156 170 L244 170 L240 252 L160 252 Z" fill="${p.light}" opacity="0.85"/>
    <path d="M250 110 Q290 110 288 160 Q286 210 246 214" stroke="${p.rubber}" stroke-width="14" fill="none"/>
    <rect x="146" y="64" width="108" height="22" rx="8" fill="${p.rubber}"/>
    <path d="M172 96 L168 240" stroke="#ffffff" stroke-width="6" opacity="0.5" stroke-linecap="round"/>
    <path d="M140 252 L260 252 L276 330 L124 330 Z" fill="${p.body}" ${O}/>
    <circle cx="200" cy="294" r="16" fill="${p.metal}" ${O}/>
    <rect x="150" y="252" width="100" height="8" fill="${p.dark}"/>`,
  coffeemaker: (p) => `
    <rect x="116" y="60" width="168" height="50" rx="16" fill="${p.body}" ${O}/>
    <rect x="220" y="100" width="64" height="226" rx="12" fill="${p.side}" ${O}/>
    <rect x="116" y="306" width="168" height="24" rx="8" fill="${p.body}" ${O}/>
    <rect x="132" y="110" width="20" height="40" rx="4" fill="${p.rubber}"/>
    <path d="M132 196 L206 196 L214 292 Q214 304 200 304 L138 304 Q124 304 124 292 Z" fill="${p.glass}" ${O}/>
    <path d="M128 248 L210 248 L212 292 Q212 302 200 302 L138 302 Q126 302 126 292 Z" fill="#5a3825" opacity="0.9"/>
    <path d="M210 214 Q232 216 230 240 Q228 262 210 264" stroke="${p.rubber}" stroke-width="8" fill="none"/>
    <rect x="120" y="188" width="98" height="12" rx="5" fill="${p.rubber}"/>
    <circle cx="252" cy="140" r="8" fill="#e2463d"/><rect x="236" y="164" width="32" height="8" rx="4" fill="${p.metal}"/>`,
  fan: (p) => `
    <ellipse cx="200" cy="322" rx="70" ry="12" fill="${p.body}" ${O}/>
    <rect x="193" y="200" width="14" height="124" rx="6" fill="${p.metal}"/>
    <circle cx="200" cy="160" r="112" fill="${p.main}" opacity="0.08"/>
    ${[0, 120, 240].map((a) => `<ellipse cx="200" cy="108" rx="30" ry="52" fill="${p.body}" opacity="0.9" transform="rotate(${a + 20} 200 160)"/>`).join('')}
    <circle cx="200" cy="160" r="112" fill="none" stroke="${p.metal}" stroke-width="6"/>
    ${Array.from({ length: 12 }, (_, i) => `<path d="M200 160 L200 48" stroke="${p.metal}" stroke-width="2" opacity="0.7" transform="rotate(${i * 30} 200 160)"/>`).join('')}
    <circle cx="200" cy="160" r="22" fill="${p.side}" ${O}/>
    <circle cx="200" cy="160" r="8" fill="${p.metal}"/>`,
  microwave: (p) => `
    <rect x="46" y="112" width="308" height="196" rx="16" fill="${p.body}" ${O}/>
    <rect x="66" y="132" width="204" height="156" rx="10" fill="${p.rubber}"/>
    <rect x="80" y="146" width="176" height="128" rx="6" fill="${p.screen}"/>
    <ellipse cx="168" cy="250" rx="60" ry="12" fill="#ffffff" opacity="0.12"/>
    <polygon points="80,146 150,146 80,230" fill="#ffffff" opacity="0.07"/>
    <rect x="284" y="138" width="56" height="22" rx="4" fill="#10151d"/>
    <rect x="290" y="144" width="30" height="10" rx="2" fill="#69d08a" opacity="0.8"/>
    ${[0, 1, 2].map((r) => [0, 1].map((c) => `<rect x="${290 + c * 24}" y="${176 + r * 22}" width="18" height="14" rx="4" fill="${p.dark}" opacity="0.6"/>`).join('')).join('')}
    <circle cx="312" cy="268" r="16" fill="${p.metal}" ${O}/>
    <rect x="70" y="306" width="36" height="12" rx="4" fill="${p.rubber}"/><rect x="294" y="306" width="36" height="12" rx="4" fill="${p.rubber}"/>`,
} satisfies Record<string, Draw>;

export type DrawingName = keyof typeof DRAWINGS;

export const DRAWING_NAMES = Object.keys(DRAWINGS) as DrawingName[];

export function drawing(name: DrawingName, paint: Paint): string {
  return DRAWINGS[name](paint);
}
