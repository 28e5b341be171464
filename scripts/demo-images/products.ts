/**
 * Flat product illustrations (SVG, 200×200 view box), one per leaf category of the demo catalog. Each gets a
 * palette (main colour, a darker and a lighter shade) so the same object can be drawn in two colourways.
 */
export interface Palette {
  main: string;
  dark: string;
  light: string;
  /** Text on `main` (white unless main is light). */
  ink?: string;
}

type Draw = (p: Palette) => string;

const screen = '#1f2937';
const glass = 'url(#glass)';
const metal = '#cbd5e1';
const white = '#f8fafc';

/** Garment outline with sleeves (t-shirts, shirts, jackets). */
const top = (p: Palette, sleeve: number, extra: string) => `
  <path d="M70 40 L50 48 L${30 - sleeve / 4} ${70 + sleeve} L${48 - sleeve / 6} ${80 + sleeve} L60 70 L60 165 L140 165 L140 70 L${152 + sleeve / 6} ${80 + sleeve} L${170 + sleeve / 4} ${70 + sleeve} L150 48 L130 40 Q100 62 70 40 Z"
    fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>${extra}`;

const book =
  (title: string, sub: string): Draw =>
  (p) => `
  <rect x="52" y="28" width="96" height="142" rx="4" fill="${p.dark}"/>
  <rect x="48" y="26" width="96" height="142" rx="4" fill="${p.main}"/>
  <rect x="48" y="26" width="10" height="142" fill="${p.dark}" opacity=".5"/>
  <rect x="68" y="50" width="64" height="2" fill="${p.light}"/>
  <text x="98" y="82" font-family="DejaVu Serif" font-size="15" font-weight="bold" text-anchor="middle" fill="${p.ink ?? white}">${title}</text>
  <text x="98" y="100" font-family="DejaVu Serif" font-size="15" font-weight="bold" text-anchor="middle" fill="${p.ink ?? white}">${sub}</text>
  <circle cx="98" cy="130" r="14" fill="${p.light}" opacity=".8"/>
  <rect x="68" y="150" width="64" height="2" fill="${p.light}"/>`;

/** Drawings by leaf category name (DEMO_CATEGORIES). */
export const PRODUCT_DRAWINGS: Record<string, Draw> = {
  'T-shirts': (p) => top(p, 0, `<circle cx="100" cy="105" r="18" fill="${p.light}" opacity=".85"/>`),
  Shirts: (p) =>
    top(
      p,
      50,
      `
    <path d="M86 44 L100 62 L114 44" fill="${white}" stroke="${p.dark}" stroke-width="2"/>
    <line x1="100" y1="62" x2="100" y2="165" stroke="${p.dark}" stroke-width="2"/>
    ${[80, 100, 120, 140].map((y) => `<circle cx="106" cy="${y}" r="2.5" fill="${white}"/>`).join('')}`,
    ),
  Jackets: (p) =>
    top(
      p,
      60,
      `
    <path d="M72 40 Q100 20 128 40 Q100 52 72 40 Z" fill="${p.dark}"/>
    <line x1="100" y1="50" x2="100" y2="165" stroke="${metal}" stroke-width="4"/>
    <rect x="70" y="115" width="20" height="4" fill="${p.dark}"/><rect x="110" y="115" width="20" height="4" fill="${p.dark}"/>
    <rect x="60" y="158" width="80" height="8" fill="${p.dark}"/>`,
    ),
  Trousers: (p) => `
    <path d="M62 30 L138 30 L148 172 L112 172 L100 80 L88 172 L52 172 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="62" y="30" width="76" height="12" fill="${p.dark}"/>
    <path d="M70 42 Q76 60 90 58 M130 42 Q124 60 110 58" fill="none" stroke="${p.dark}" stroke-width="2"/>`,
  Dresses: (p) => `
    <path d="M80 28 L88 28 L92 44 L108 44 L112 28 L120 28 L124 80 L150 172 L50 172 L76 80 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="76" y="78" width="48" height="8" fill="${p.dark}"/>
    <path d="M70 140 Q100 150 130 140" fill="none" stroke="${p.light}" stroke-width="3"/>`,
  Sneakers: (p) => `
    <path d="M28 120 Q30 88 52 84 L92 76 Q106 92 128 100 L166 110 Q178 116 176 132 L28 132 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="24" y="130" width="156" height="16" rx="8" fill="${white}" stroke="${metal}" stroke-width="2"/>
    <path d="M60 110 Q100 92 150 122" fill="none" stroke="${p.light}" stroke-width="6"/>
    ${[76, 86, 96].map((x) => `<line x1="${x}" y1="${86 + (x - 76) / 2}" x2="${x + 10}" y2="${96 + (x - 76) / 2}" stroke="${white}" stroke-width="3"/>`).join('')}`,
  Boots: (p) => `
    <path d="M62 30 L112 30 L112 108 Q150 112 162 128 L162 146 L56 146 L56 110 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="52" y="144" width="114" height="14" rx="4" fill="${p.dark}"/>
    <rect x="62" y="30" width="50" height="12" fill="${p.dark}"/>
    ${[56, 70, 84, 98].map((y) => `<line x1="96" y1="${y}" x2="112" y2="${y + 4}" stroke="${p.light}" stroke-width="3"/>`).join('')}`,
  Sandals: (p) => `
    <ellipse cx="100" cy="132" rx="74" ry="20" fill="${p.dark}"/>
    <ellipse cx="100" cy="126" rx="70" ry="18" fill="${p.light}"/>
    <path d="M60 126 Q70 84 96 92 Q104 110 96 128" fill="none" stroke="${p.main}" stroke-width="12"/>
    <path d="M110 126 Q124 90 146 104 Q150 116 140 130" fill="none" stroke="${p.main}" stroke-width="12"/>`,
  Backpacks: (p) => `
    <path d="M80 44 Q100 20 120 44" fill="none" stroke="${p.dark}" stroke-width="8"/>
    <rect x="52" y="42" width="96" height="128" rx="26" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="66" y="108" width="68" height="50" rx="12" fill="${p.dark}" opacity=".55"/>
    <line x1="70" y1="116" x2="130" y2="116" stroke="${p.light}" stroke-width="3"/>
    <path d="M60 70 Q100 58 140 70" fill="none" stroke="${p.light}" stroke-width="3"/>`,
  Smartphones: (p) => `
    <rect x="62" y="18" width="76" height="164" rx="14" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
    <rect x="68" y="26" width="64" height="148" rx="9" fill="${glass}"/>
    <rect x="90" y="30" width="20" height="6" rx="3" fill="${screen}"/>
    <circle cx="82" cy="150" r="7" fill="${white}" opacity=".25"/><circle cx="100" cy="150" r="7" fill="${white}" opacity=".25"/>
    <circle cx="118" cy="150" r="7" fill="${white}" opacity=".25"/>`,
  Tablets: (p) => `
    <rect x="30" y="36" width="140" height="118" rx="12" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
    <rect x="38" y="44" width="124" height="102" rx="6" fill="${glass}"/>
    <circle cx="100" cy="40" r="2" fill="${screen}"/>`,
  Headphones: (p) => `
    <path d="M48 118 Q48 40 100 40 Q152 40 152 118" fill="none" stroke="${p.dark}" stroke-width="10"/>
    <rect x="32" y="104" width="34" height="56" rx="14" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="134" y="104" width="34" height="56" rx="14" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="60" y="112" width="10" height="40" rx="4" fill="${p.light}"/><rect x="130" y="112" width="10" height="40" rx="4" fill="${p.light}"/>`,
  Smartwatches: (p) => `
    <rect x="78" y="14" width="44" height="172" rx="16" fill="${p.main}"/>
    <rect x="62" y="56" width="76" height="88" rx="20" fill="${p.dark}"/>
    <rect x="69" y="63" width="62" height="74" rx="14" fill="${screen}"/>
    <text x="100" y="108" font-family="DejaVu Sans" font-size="20" text-anchor="middle" fill="${white}">10:09</text>
    <rect x="137" y="86" width="6" height="16" rx="2" fill="${metal}"/>`,
  Cameras: (p) => `
    <rect x="30" y="64" width="140" height="92" rx="12" fill="${p.dark}"/>
    <rect x="60" y="50" width="44" height="18" rx="4" fill="${p.dark}"/>
    <rect x="30" y="84" width="140" height="10" fill="${p.main}"/>
    <circle cx="104" cy="112" r="36" fill="${metal}"/><circle cx="104" cy="112" r="28" fill="${screen}"/>
    <circle cx="104" cy="112" r="14" fill="#334155"/><circle cx="96" cy="104" r="5" fill="${white}" opacity=".6"/>
    <rect x="142" y="72" width="16" height="8" rx="2" fill="${p.light}"/>`,
  Laptops: (p) => `
    <rect x="40" y="40" width="120" height="84" rx="6" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
    <rect x="47" y="47" width="106" height="70" rx="2" fill="${glass}"/>
    <path d="M24 130 L176 130 L168 146 L32 146 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="86" y="130" width="28" height="4" rx="2" fill="${p.dark}"/>`,
  Desktops: (p) => `
    <rect x="116" y="40" width="54" height="124" rx="6" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <circle cx="143" cy="58" r="5" fill="${p.light}"/>${[80, 90, 100].map((y) => `<rect x="126" y="${y}" width="34" height="4" fill="${p.dark}"/>`).join('')}
    <rect x="24" y="56" width="86" height="64" rx="4" fill="${p.dark}"/><rect x="29" y="61" width="76" height="54" fill="${glass}"/>
    <rect x="60" y="120" width="14" height="28" fill="${p.dark}"/><rect x="42" y="146" width="50" height="8" rx="3" fill="${p.dark}"/>`,
  Monitors: (p) => `
    <rect x="22" y="34" width="156" height="100" rx="6" fill="${p.dark}"/>
    <rect x="28" y="40" width="144" height="86" rx="2" fill="${glass}"/>
    <path d="M88 134 L112 134 L118 162 L82 162 Z" fill="${p.main}"/>
    <rect x="62" y="160" width="76" height="8" rx="4" fill="${p.main}"/>`,
  Printers: (p) => `
    <rect x="62" y="28" width="76" height="44" fill="${white}" stroke="${metal}" stroke-width="2"/>
    ${[40, 50, 60].map((y) => `<rect x="72" y="${y}" width="56" height="3" fill="${metal}"/>`).join('')}
    <rect x="30" y="66" width="140" height="72" rx="10" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="52" y="126" width="96" height="36" fill="${white}" stroke="${metal}" stroke-width="2"/>
    <rect x="44" y="80" width="40" height="10" rx="3" fill="${p.dark}"/><circle cx="152" cy="86" r="5" fill="#22c55e"/>`,
  Refrigerators: (p) => `
    <rect x="54" y="14" width="92" height="174" rx="10" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <line x1="54" y1="74" x2="146" y2="74" stroke="${p.dark}" stroke-width="3"/>
    <rect x="130" y="32" width="6" height="30" rx="3" fill="${p.dark}"/><rect x="130" y="86" width="6" height="50" rx="3" fill="${p.dark}"/>
    <rect x="66" y="90" width="28" height="18" rx="3" fill="${p.light}"/>`,
  'Washing machines': (p) => `
    <rect x="40" y="22" width="120" height="160" rx="10" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <line x1="40" y1="54" x2="160" y2="54" stroke="${p.dark}" stroke-width="2"/>
    <rect x="52" y="32" width="40" height="12" rx="3" fill="${p.dark}"/><circle cx="136" cy="38" r="8" fill="${p.light}" stroke="${p.dark}"/>
    <circle cx="100" cy="114" r="46" fill="${p.dark}"/><circle cx="100" cy="114" r="36" fill="${glass}"/>
    <path d="M72 124 Q100 104 128 124 L128 130 Q100 150 72 130 Z" fill="#93c5fd" opacity=".7"/>`,
  'Air conditioners': (p) => `
    <rect x="16" y="56" width="168" height="64" rx="14" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="28" y="98" width="144" height="10" rx="5" fill="${p.dark}"/>
    <circle cx="160" cy="74" r="4" fill="#22c55e"/><rect x="30" y="70" width="40" height="6" rx="3" fill="${p.light}"/>
    ${[56, 80, 104, 128].map((x) => `<path d="M${x} 124 q-6 14 0 28 q6 14 0 28" fill="none" stroke="#93c5fd" stroke-width="3"/>`).join('')}`,
  'Kitchen appliances': (p) => `
    <path d="M64 30 L136 30 L126 120 L74 120 Z" fill="${glass}" stroke="${metal}" stroke-width="3"/>
    <rect x="60" y="22" width="80" height="12" rx="4" fill="${p.dark}"/>
    <path d="M136 44 Q158 50 150 96 L128 100" fill="none" stroke="${metal}" stroke-width="5"/>
    <path d="M78 96 Q100 80 122 96 L120 116 L80 116 Z" fill="#f97316" opacity=".75"/>
    <path d="M68 120 L132 120 L142 176 L58 176 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <circle cx="100" cy="150" r="10" fill="${p.light}" stroke="${p.dark}"/>`,
  Furniture: (p) => `
    <rect x="30" y="70" width="140" height="60" rx="14" fill="${p.dark}"/>
    <rect x="22" y="96" width="30" height="58" rx="10" fill="${p.main}"/><rect x="148" y="96" width="30" height="58" rx="10" fill="${p.main}"/>
    <rect x="48" y="112" width="104" height="34" rx="8" fill="${p.main}"/>
    <line x1="100" y1="112" x2="100" y2="146" stroke="${p.dark}" stroke-width="2"/>
    <rect x="34" y="154" width="8" height="16" fill="#78350f"/><rect x="158" y="154" width="8" height="16" fill="#78350f"/>`,
  Lighting: (p) => `
    <path d="M66 30 L134 30 L150 84 L50 84 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <ellipse cx="100" cy="86" rx="30" ry="6" fill="#fde68a"/>
    <rect x="97" y="84" width="6" height="86" fill="${p.dark}"/><ellipse cx="100" cy="172" rx="34" ry="8" fill="${p.dark}"/>`,
  Bedding: (p) => `
    <rect x="24" y="96" width="152" height="64" rx="12" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <path d="M24 120 Q100 104 176 120" fill="none" stroke="${p.light}" stroke-width="4"/>
    <rect x="40" y="56" width="56" height="40" rx="14" fill="${white}" stroke="${metal}" stroke-width="2"/>
    <rect x="104" y="56" width="56" height="40" rx="14" fill="${white}" stroke="${metal}" stroke-width="2"/>`,
  Toys: (p) => `
    <rect x="36" y="92" width="128" height="64" rx="4" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    ${[52, 84, 116, 148].map((x) => `<rect x="${x - 11}" y="78" width="22" height="16" rx="3" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>`).join('')}
    <rect x="70" y="40" width="64" height="40" rx="4" fill="#facc15" stroke="#a16207" stroke-width="2"/>
    ${[86, 118].map((x) => `<rect x="${x - 9}" y="28" width="18" height="14" rx="3" fill="#facc15" stroke="#a16207" stroke-width="2"/>`).join('')}`,
  Skincare: (p) => `
    <rect x="44" y="96" width="76" height="70" rx="10" fill="${white}" stroke="${metal}" stroke-width="2"/>
    <rect x="40" y="78" width="84" height="22" rx="6" fill="${p.main}"/>
    <rect x="56" y="118" width="52" height="22" rx="3" fill="${p.light}"/>
    <path d="M132 40 L160 40 L156 166 L136 166 Z" fill="${p.light}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="134" y="26" width="24" height="16" rx="3" fill="${p.dark}"/>`,
  Makeup: (p) => `
    <rect x="74" y="104" width="52" height="70" rx="4" fill="${p.dark}"/>
    <rect x="80" y="86" width="40" height="22" fill="#e2b04a"/>
    <path d="M84 86 L84 40 Q100 22 116 52 L116 86 Z" fill="${p.main}"/>
    <rect x="74" y="140" width="52" height="4" fill="#e2b04a"/>`,
  'Personal care': (p) => `
    <rect x="84" y="66" width="32" height="112" rx="14" fill="${white}" stroke="${metal}" stroke-width="2"/>
    <rect x="92" y="22" width="16" height="50" rx="6" fill="${white}" stroke="${metal}" stroke-width="2"/>
    <rect x="91" y="22" width="18" height="16" rx="4" fill="${p.main}"/>
    <circle cx="100" cy="104" r="7" fill="${p.main}"/><rect x="94" y="124" width="12" height="24" rx="5" fill="${p.light}"/>`,
  'Coffee & tea': (p) => `
    <path d="M44 84 L136 84 L128 158 Q126 168 114 168 L66 168 Q54 168 52 158 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <path d="M134 100 Q164 100 160 124 Q156 144 128 142" fill="none" stroke="${p.main}" stroke-width="9"/>
    <ellipse cx="90" cy="86" rx="44" ry="8" fill="#78350f"/>
    ${[72, 92, 112].map((x) => `<path d="M${x} 70 q-8 -12 0 -24 q8 -12 0 -24" fill="none" stroke="${metal}" stroke-width="4"/>`).join('')}`,
  Snacks: (p) => `
    <g transform="rotate(-18 100 100)">
      <rect x="26" y="70" width="148" height="60" rx="4" fill="#5b3a1e"/>
      ${[52, 78, 104, 130].map((x) => `<rect x="${x - 10}" y="76" width="20" height="48" rx="2" fill="#6d4424"/>`).join('')}
      <path d="M70 66 L174 66 L174 134 L70 134 L80 100 Z" fill="${p.main}"/>
      <text x="124" y="107" font-family="DejaVu Sans" font-size="18" font-weight="bold" text-anchor="middle" fill="${white}">CHOCO</text>
    </g>`,
  'Soft drinks': (p) => `
    <rect x="66" y="34" width="68" height="140" rx="12" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
    <rect x="70" y="26" width="60" height="12" rx="5" fill="${metal}"/><rect x="70" y="170" width="60" height="8" rx="4" fill="${metal}"/>
    <path d="M66 96 Q100 76 134 104 L134 122 Q100 96 66 116 Z" fill="${white}"/>
    <rect x="78" y="44" width="6" height="118" rx="3" fill="${white}" opacity=".3"/>`,
  Fiction: book('The Silent', 'Harbor'),
  Business: book('Selling', 'Online'),
  Children: book('Bedtime', 'Stories'),
};
