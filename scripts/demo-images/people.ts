/**
 * Brand badges, person avatars and shop fronts as SVG (200×200 view box), chosen deterministically from the name.
 */
const BRAND_COLORS: Record<string, string> = {
  Apple: '#111827',
  Samsung: '#1428a0',
  Huawei: '#c7000b',
  Xiaomi: '#ff6900',
  Sony: '#000000',
  LG: '#a50034',
  Nike: '#111111',
  Adidas: '#000000',
  Puma: '#ba2026',
  Uniqlo: '#e60012',
  Zara: '#1f1f1f',
  'H&M': '#e50010',
  Lenovo: '#e2231a',
  Dell: '#007db8',
  HP: '#0096d6',
  Asus: '#00539b',
  Canon: '#cc0000',
  Nikon: '#f5c400',
  Philips: '#0b5ed7',
  Panasonic: '#0041c0',
  Midea: '#0092d8',
  Haier: '#005aab',
  OPPO: '#1ba784',
  vivo: '#415fff',
  LEGO: '#e3000b',
  IKEA: '#0058a3',
  "L'Oréal": '#1a1a1a',
  Nestlé: '#6b7b8c',
  'Coca-Cola': '#f40009',
  "Levi's": '#c41230',
};

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const pick = <T>(s: string, list: T[], salt = 0): T => list[(hash(s) + salt) % list.length];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');

/** A coloured badge (rounded square or circle) with the brand's name, or its initials when the name is long. */
export function brandLogo(name: string): string {
  const color = BRAND_COLORS[name] ?? pick(name, ['#0f766e', '#7c3aed', '#b45309', '#be123c']);
  const text =
    name.length <= 9
      ? name
      : name
          .split(/[\s-]+/)
          .map((w) => w[0])
          .join('');
  // Wide enough for the text inside the badge (about 0.62 em per letter).
  const size = Math.min(64, Math.floor(250 / Math.max(text.length, 2)));
  const ink = name === 'Nikon' ? '#111' : '#fff';
  const shape =
    hash(name) % 2
      ? '<circle cx="100" cy="100" r="92" fill="COLOR"/>'
      : '<rect x="8" y="8" width="184" height="184" rx="36" fill="COLOR"/>';
  return `${shape.replace('COLOR', color)}
    <path d="M30 150 Q100 124 170 150" fill="none" stroke="${ink}" stroke-width="3" opacity=".35"/>
    <text x="100" y="${100 + size * 0.35}" font-family="Liberation Sans, DejaVu Sans" font-weight="bold" font-size="${size}"
      text-anchor="middle" fill="${ink}">${esc(text)}</text>`;
}

const SKIN = ['#f5d0b5', '#e8b896', '#c68c63', '#8d5a3b', '#f1c9a5'];
const HAIR = ['#2d1b12', '#4a2c1a', '#111827', '#a0522d', '#d4a15a', '#6b7280'];
const BACKDROP = ['#dbeafe', '#fce7f3', '#dcfce7', '#fef3c7', '#ede9fe', '#cffafe', '#ffe4e6'];
const SHIRT = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#475569'];

/** A head-and-shoulders portrait with skin, hair, backdrop and shirt picked from the username; `long` hair or short. */
export function avatar(username: string, long: boolean): string {
  const skin = pick(username, SKIN);
  const hair = pick(username, HAIR, 3);
  const shirt = pick(username, SHIRT, 5);
  const back = long ? `<path d="M52 96 Q48 40 100 36 Q152 40 148 96 L152 150 L48 150 Z" fill="${hair}"/>` : '';
  const front = long
    ? `<path d="M62 84 Q66 46 100 44 Q136 46 138 84 Q120 62 100 62 Q80 64 62 84 Z" fill="${hair}"/>`
    : `<path d="M60 86 Q58 40 100 38 Q142 40 140 86 Q132 60 112 58 Q92 66 66 62 Z" fill="${hair}"/>`;
  return `<rect width="200" height="200" fill="${pick(username, BACKDROP, 1)}"/>${back}
    <path d="M30 200 Q34 146 100 142 Q166 146 170 200 Z" fill="${shirt}"/>
    <path d="M86 130 L114 130 L112 150 Q100 158 88 150 Z" fill="${skin}"/>
    <ellipse cx="100" cy="92" rx="38" ry="44" fill="${skin}"/>
    <ellipse cx="62" cy="96" rx="6" ry="10" fill="${skin}"/><ellipse cx="138" cy="96" rx="6" ry="10" fill="${skin}"/>
    ${front}
    <circle cx="86" cy="96" r="4" fill="#1f2937"/><circle cx="114" cy="96" r="4" fill="#1f2937"/>
    <path d="M88 116 Q100 124 112 116" fill="none" stroke="#9a3412" stroke-width="3" stroke-linecap="round"/>`;
}

/** A shop front with a striped awning in the shop's colour and `label` on the sign. */
export function shopFront(label: string, color: string): string {
  const stripes = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M${22 + i * 26} 70 L${48 + i * 26} 70 L${48 + i * 26} 90 Q${35 + i * 26} 102 ${22 + i * 26} 90 Z" fill="${i % 2 ? '#fff' : color}"/>`,
  ).join('');
  return `<rect width="200" height="200" rx="40" fill="${color}" opacity=".14"/>
    <rect x="30" y="84" width="140" height="92" fill="#fff" stroke="#cbd5e1" stroke-width="2"/>
    <rect x="34" y="30" width="132" height="40" rx="6" fill="${color}"/>
    <text x="100" y="60" font-family="Liberation Sans, DejaVu Sans" font-weight="bold" font-size="26" text-anchor="middle" fill="#fff">${esc(label).toUpperCase()}</text>
    ${stripes}
    <rect x="44" y="110" width="56" height="44" fill="#bfdbfe" stroke="#94a3b8" stroke-width="2"/>
    <rect x="114" y="108" width="42" height="68" fill="${color}"/><circle cx="148" cy="144" r="3" fill="#fff"/>`;
}
