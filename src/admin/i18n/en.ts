import { Messages } from '../../shared/messages';
import { catalogEn } from './catalog.en';
import { ordersEn } from './orders.en';
import { marketingEn } from './marketing.en';
import { accessEn } from './access.en';

/** Our English texts (app.*). The zh file must have the same shape (typed against this one). */
export const en = {
  app: {
    name: 'Marketplace Admin',
    ...catalogEn,
    ...ordersEn,
    ...marketingEn,
    ...accessEn,
    nav: {
      home: 'Home',
      logout: 'Log out',
      toggleSidebar: 'Toggle the menu',
      language: 'Language',
      languageNow: 'Language: %{lang}',
      menu: 'Main menu',
      userMenu: '%{name}: account menu',
      accountMenu: 'Account menu',
      more: 'More',
      breadcrumb: 'Breadcrumb',
      pagination: 'Pagination',
    },
    live: {
      newRows: '%{smart_count} new %{name}',
      newRowsMore: '%{smart_count}+ new %{name}',
      changedRows: 'A row changed elsewhere (marked) |||| %{smart_count} rows changed elsewhere (marked)',
      savedElsewhere:
        'This record was saved elsewhere since you opened it: reload it before you save, or the save will be refused.',
      deletedElsewhere: 'This record was deleted elsewhere, or is no longer yours to see.',
      reload: 'Reload',
    },
    staleSave: {
      title: 'Someone else saved this record meanwhile',
      intro: 'Nothing was saved. These fields differ between your copy and the record as stored now:',
      noFieldDiffers:
        'Nothing was saved. The record changed since you opened it, though none of the fields here differ from yours.',
      field: 'Field',
      yours: 'Yours',
      stored: 'Stored now',
      reload: 'Reload',
      keepMine: 'Keep mine',
    },
    columns: { up: 'Move %{name} up', down: 'Move %{name} down' },
    list: { actions: 'Actions', bulkSet: '%{field}: %{value}', all: 'All' },
    changes: {
      field: 'Field',
      before: 'Before',
      after: 'After',
      changed: 'changed (value not recorded)',
      rows: 'Further rows',
      ids: 'Their IDs',
    },
    lang: { en: 'English', zh: '中文' },
    login: {
      title: 'Sign in to Marketplace Admin',
      username: 'Username',
      password: 'Password',
      submit: 'Log in',
      register: 'Create an account',
      about: 'About the product',
      demoTitle: 'Demo accounts',
      demoHint: 'Click an account to fill in the form.',
      role: 'Role: %{role}',
    },
    register: {
      title: 'Create an account',
      username: 'Username',
      password: 'Password',
      email: 'Email',
      nickName: 'Nickname',
      submit: 'Register',
      success: 'Your account was created: you can log in now.',
      haveAccount: 'Already registered? Log in',
      inviteCode: 'Invite code',
      intro: 'A seller account can open a shop once it has a VIP membership.',
      invitedMerchant: 'You were invited to open a shop (code %{code}).',
      invitedReferee: 'Code %{code} invites members, not sellers: register without it, or ask for a merchant link.',
    },
    homer: {
      pitch: 'One back office for every shop of your marketplace.',
      text: 'Manage shops, products, orders, returns, marketing and permissions in one place, in English or Chinese. Sellers with a VIP membership may open their own shop.',
      login: 'Log in',
      register: 'Register',
    },
    privacy: {
      title: 'Privacy policy',
      body: 'We keep only the data needed to run the marketplace: your account, your shops and their orders. We do not sell personal data.',
      sections: {
        data: {
          title: 'What we keep',
          text: 'Your account (username, name, email, avatar), the shops you run with their payment settings, the products, orders, returns and balance records of those shops, and a record of every change made through the back office: who, when and from which address.',
        },
        storage: {
          title: 'What your browser keeps',
          text: 'Your browser keeps your login token (loginToken) until you log out, your language (lang), and, when you open an invitation link, its code (code) and kind (level) so registration can credit whoever invited you.',
        },
        referral: {
          title: 'Invitations and referrals',
          text: 'When you open an invitation link we record the click: the code, your address and your device. When you register through it, the referral relation is kept so the inviter can be paid its commission.',
        },
        rights: {
          title: 'Your rights',
          text: 'You may ask for your data to be exported or deleted at any time. Secrets such as passwords and payment keys are never shown, not even in the change record.',
        },
      },
    },
    term: {
      title: 'Terms of service',
      body: 'By using this back office you agree to these terms. The service is in a trial: no payment is usable yet.',
      sections: {
        account: {
          title: 'Your account',
          text: 'Keep your password secret and log out on shared devices. Platform staff may disable an account that breaks these terms.',
        },
        vip: {
          title: 'Sellers and VIP membership',
          text: 'A seller account opens a shop once it has a paid VIP membership. List only goods you are allowed to sell, and keep prices, stock and pictures truthful.',
        },
        referral: {
          title: 'Referral links',
          text: 'A referral link earns its owner a commission on what the people it brings in spend: the ratio the link names, or the marketplace default. A link may be restricted to referees only or to merchants only.',
        },
        orders: {
          title: 'Orders and returns',
          text: 'Ship paid orders promptly, keep their tracking numbers, and handle return requests in good faith within the order settings of the marketplace.',
        },
      },
    },
    footer: { privacy: 'Privacy', term: 'Terms', homer: 'About' },
    notFound: {
      title: 'Page not found',
      text: 'The page you are looking for does not exist or was moved.',
      back: 'Back to the home page',
    },
    import: {
      button: 'Import',
      title: 'Importing',
      sending: 'Sending the file…',
      checking: 'Checking every row…',
      done: '%{smart_count} record imported |||| %{smart_count} records imported',
      refusedTitle: 'Nothing was imported',
      row: 'Row',
      why: 'Why',
    },
    job: {
      queued: 'Waiting to start…',
      progress: '%{done} of %{total} rows',
      rows: '%{done} rows',
      storing: 'Storing the rows…',
      cancel: 'Cancel',
      cancelled: 'Cancelled: nothing was changed',
      failed: 'The job failed: %{error}',
      all: 'Imports & exports',
      background: 'Runs in the background: you may close this and follow it under Imports & exports.',
      exportTitle: 'Exporting',
      exportReady: 'The export is ready: %{smart_count} row |||| The export is ready: %{smart_count} rows',
    },
    dashboard: {
      greeting: 'Hello, %{name}!',
      text: 'Welcome to your shop dashboard. Pick a section in the menu to get started.',
      roles: 'Your roles: %{roles}',
      allShops: 'All shops',
      myShops: 'All my shops',
      todayOrders: 'Orders today',
      todaySales: 'Sales today',
      monthOrders: 'Orders this month',
      monthSales: 'Sales this month',
      pendingShipments: 'Pending shipment',
      pendingReturns: 'Pending returns',
      lowStockSkus: 'Low-stock SKUs',
      productsOn: 'On shelf',
      productsOff: 'Off shelf',
      chartTitle: 'Orders and sales',
      lastDays: 'Last %{smart_count} days',
      orders: 'Orders',
      sales: 'Sales',
    },
    comingSoon: {
      title: 'Coming soon',
      text: 'This screen is not available yet.',
    },
    logoutDialog: {
      title: 'Confirm logout',
      content: 'You have been logged out. You can cancel to stay on this page, or log in again.',
      cancel: 'Cancel',
      relogin: 'Log in again',
    },
    error: {
      timeout: 'The server did not answer in time',
      network: 'Network error: the server cannot be reached',
      badResponse: 'The server sent an unexpected answer',
      noRoles: 'Your account has no role: please log in again',
      loginFirst: 'Please log in',
    },
    validation: {
      lengthBetween: 'Length must be between %{min} and %{max} characters',
      maxItems: 'At most %{max} items may be added',
      pattern: 'Invalid format',
      // A required field's prompt names it (the label in each language travels in the args).
      enter: 'Please enter %{field}',
      choose: 'Please choose %{field}',
      upload: 'Please upload %{field}',
      notBefore: 'Must not be before %{field}',
    },
    pagination: {
      moreThan: '%{offsetBegin}-%{offsetEnd} of %{total}+',
    },
    message: { ...Messages } as Record<keyof typeof Messages, string>,
  },
};

export type AppMessages = typeof en;
