import { TabbedForm, TabbedFormTabs } from 'react-admin';
import { ProductAttributesTab } from './ProductAttributesTab';
import { ProductInfoTab } from './ProductInfoTab';
import { ProductPromotionTab } from './ProductPromotionTab';
import { RichTextInput } from '../../kit';
import { SaveOnlyToolbar } from '../../components/SaveOnlyToolbar';

/** Four tabs do not fit a phone: the strip scrolls, with arrows there too. */
const tabs = <TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />;

/**
 * The product form in upstream's four steps, as tabs (every tab's inputs are validated on save). Each input takes its
 * label and rules from schemas/product.json (child rows: productLadder, productFullReduction, memberPrice, skuStock).
 */
export const ProductForm = ({ defaultValues }: { defaultValues?: Record<string, unknown> }) => (
  <TabbedForm
    defaultValues={defaultValues}
    syncWithLocation={false}
    warnWhenUnsavedChanges
    toolbar={<SaveOnlyToolbar />}
    tabs={tabs}
  >
    <TabbedForm.Tab label="app.catalog.product.tabs.info">
      <ProductInfoTab />
    </TabbedForm.Tab>
    <TabbedForm.Tab label="app.catalog.product.tabs.promotion">
      <ProductPromotionTab />
    </TabbedForm.Tab>
    <TabbedForm.Tab label="app.catalog.product.tabs.attributes">
      <ProductAttributesTab />
    </TabbedForm.Tab>
    <TabbedForm.Tab label="app.catalog.product.tabs.detail">
      <RichTextInput source="detailHtml" />
      <RichTextInput source="detailMobileHtml" />
    </TabbedForm.Tab>
  </TabbedForm>
);
