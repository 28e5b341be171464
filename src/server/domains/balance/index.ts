import type { Domain } from '../../context.js';

/** Members' balances: recharges and the cashier paying orders from a balance (/balance). */
export const balanceDomain: Domain = () => {};
