/** A SKU's spec values: upstream stores them as the JSON text `[{"key":"Color","value":"Red"}, …]`. */
export interface SpecPair {
  key: string;
  value: string;
}

export const parseSpData = (text: unknown): SpecPair[] => {
  if (typeof text !== 'string' || !text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((p): p is SpecPair => !!p && typeof p === 'object' && 'key' in p) : [];
  } catch {
    return [];
  }
};

export const specLabel = (text: unknown) =>
  parseSpData(text)
    .map((p) => p.value)
    .join(' / ');
