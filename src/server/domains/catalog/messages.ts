import { MAX_TIERS } from '../../../shared/constants.js';

/**
 * Catalog rule messages the spec's catalogue (§8) does not word; spec messages come from shared/messages.ts.
 * (Candidates for src/shared/messages.ts so the admin app can translate them.)
 */
export const CatalogMessages = {
  tooMany: `At most ${MAX_TIERS} items may be added`,
  atLeastOne: 'At least one item must remain',
  valuesEmptyOrRepeated: 'Attribute values cannot be empty or repeated',
  twoLevels: 'Categories have two levels only',
  ownParent: 'A category cannot be its own parent',
  hasChildren: 'The category has sub-categories; delete or move them first',
  hasProducts: 'The category has products; move them to another category first',
  typeInUse: 'The product type is used by products; change their type first',
  unknown: 'does not exist',
} as const;
