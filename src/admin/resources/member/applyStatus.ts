export const APPROVED = 1;
export const REJECTED = 2;
