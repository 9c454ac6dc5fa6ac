/* Mantine styles the turbine page needs beyond the management area's (app/management-styles.ts); they load with its chunk. */
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import './turbine-tokens.css';
