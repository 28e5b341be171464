/** English texts of the marketing and referral screens: flash sales, pickers, referral links. */
export const marketingEn = {
  pick: {
    choose: 'Choose %{name}',
    confirm: 'Add (%{smart_count})',
    chosen: 'Chosen',
  },
  flash: {
    setProducts: 'Set products',
    sessions: 'Sessions of %{title}',
    productCount: 'Products',
    productList: 'Product list',
    noSessions: 'No enabled session: add one under Flash sessions.',
    addProducts: 'Add products',
    pricesTitle: 'Flash price, quantity and limit',
    back: 'Back to sessions',
    chooseSession: 'Open a promotion’s sessions to add products to one of them.',
  },
  coupon: {
    history: 'History',
  },
  referral: {
    copyLink: 'Copy link',
    defaultRatio: 'Default commission ratio',
    defaultRatioHelp: 'Used for a new link that names no ratio (a fraction between 0 and 1).',
  },
};
