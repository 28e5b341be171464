import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AddBusiness from '@mui/icons-material/AddBusiness';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import AdsClick from '@mui/icons-material/AdsClick';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Badge from '@mui/icons-material/Badge';
import Campaign from '@mui/icons-material/Campaign';
import Category from '@mui/icons-material/Category';
import Circle from '@mui/icons-material/Circle';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import Dashboard from '@mui/icons-material/Dashboard';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import FiberNew from '@mui/icons-material/FiberNew';
import FlashOn from '@mui/icons-material/FlashOn';
import HelpOutline from '@mui/icons-material/HelpOutline';
import Home from '@mui/icons-material/Home';
import Inventory2 from '@mui/icons-material/Inventory2';
import Link from '@mui/icons-material/Link';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalOffer from '@mui/icons-material/LocalOffer';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Newspaper from '@mui/icons-material/Newspaper';
import People from '@mui/icons-material/People';
import PeopleAlt from '@mui/icons-material/PeopleAlt';
import PostAdd from '@mui/icons-material/PostAdd';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Settings from '@mui/icons-material/Settings';
import Share from '@mui/icons-material/Share';
import Storefront from '@mui/icons-material/Storefront';
import Topic from '@mui/icons-material/Topic';
import Tune from '@mui/icons-material/Tune';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import VpnKey from '@mui/icons-material/VpnKey';
import Whatshot from '@mui/icons-material/Whatshot';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import { entities } from '../../../generated/admin/entities';
import { resources } from '../../../generated/admin/resources';

/** The upstream menu icon names (ums_menu.icon, app-menus.json) drawn with MUI icons. */
const ICONS: Record<string, SvgIconComponent> = {
  home: Home,
  dashboard: Dashboard,
  vip: WorkspacePremium,
  store: Storefront,
  'store-list': ListAlt,
  'store-add': AddBusiness,
  product: Inventory2,
  'product-list': ListAlt,
  'product-add': PostAdd,
  'product-cate': Category,
  'product-attr': Tune,
  'product-brand': LocalOffer,
  order: ReceiptLong,
  balance: AccountBalanceWallet,
  'order-setting': Settings,
  'order-return': AssignmentReturn,
  'order-return-reason': HelpOutline,
  sms: Campaign,
  'sms-flash': FlashOn,
  'sms-coupon': ConfirmationNumber,
  'sms-new': FiberNew,
  'sms-hot': Whatshot,
  'sms-subject': Topic,
  'sms-ad': ViewCarousel,
  news: Newspaper,
  user: People,
  'user-list': PeopleAlt,
  relation: Share,
  link: Link,
  reward: EmojiEvents,
  click: AdsClick,
  ums: AdminPanelSettings,
  'ums-admin': ManageAccounts,
  'ums-role': Badge,
  'ums-menu': MenuOpen,
  'ums-resource': VpnKey,
};

/** A schema's own menu (x-admin.menu) names its resource's icon (x-admin.icon, e.g. `Build`). */
const SCHEMA_ICONS = Object.fromEntries(
  Object.values(entities)
    .filter((e) => !e.internal && resources[e.name]?.icon)
    .map((e) => [e.icon, resources[e.name].icon as SvgIconComponent]),
);

export const MenuIcon = ({ name }: { name?: string }) => {
  const Icon = (name && (ICONS[name] ?? SCHEMA_ICONS[name])) || Circle;
  return <Icon fontSize={Icon === Circle ? 'inherit' : 'small'} />;
};
