/* Mantine styles, one file per component (importing all of @mantine/core/styles.css would add ~40 KB gzip to `/`).
 * The `.layer.css` variants put Mantine in `@layer mantine`, so our CSS modules always win whatever the load order.
 * Using a Mantine component not listed here? Add its file here if the public site uses it (every byte here counts against
 * the home page's budget, scripts/check-home-budget.mjs), else next to the code that uses it:
 * features/auth/auth-styles.ts (sign-in screens),
 * app/management-styles.ts (management chunk), ui/toast/toast-host.tsx (toasts). A missing file shows as an unstyled component. */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
