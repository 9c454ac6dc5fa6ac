/* Mantine styles the webhooks page needs beyond the management area's (management/management-styles.ts). */
import '../management/management-styles.ts';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Code.layer.css';
