/* Mantine styles the dashboard, partners and users screens need beyond app/management-styles.ts. */
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/List.layer.css';
