import { atLeast } from '../../../shared/messages.js';
import { validationFailed } from '../../core/envelope.js';
import type { Row } from '../../core/db.js';

/** Price strategy rules of a product (spec §3, §5): tiers, promotion price window. */

/** A chosen tier strategy's rows must mean something: a quantity ≥ 1 with a discount, or a real reduction. */
export function tierRule(field: string, i: number, r: Row): void {
  const path = `${field}[${i}]`;
  if (field === 'productLadderList') {
    if (!(Number(r.count) >= 1)) throw validationFailed({ [`${path}.count`]: atLeast(1) });
    if (!(Number(r.discount) > 0)) throw validationFailed({ [`${path}.discount`]: 'must be > 0' });
  } else {
    if (!(Number(r.fullPrice) > 0)) throw validationFailed({ [`${path}.fullPrice`]: 'must be > 0' });
    if (!(Number(r.reducePrice) > 0) || Number(r.reducePrice) >= Number(r.fullPrice)) {
      throw validationFailed({ [`${path}.reducePrice`]: 'must be > 0 and below the full price' });
    }
  }
}

/** A promotion's window ends after it starts (its price and both times are required by the schema: `requiredWhen`). */
export function promotionRule(product: Row): void {
  const start = Date.parse(String(product.promotionStartTime));
  const end = Date.parse(String(product.promotionEndTime));
  if (start >= end) throw validationFailed({ promotionEndTime: 'must be after the start time' });
}
