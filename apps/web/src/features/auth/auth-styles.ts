/* Mantine styles the sign-in screens need beyond app/mantine-styles.ts; they load with those screens. */
// not on the public site, so not in app/mantine-styles.ts (the home page's budget)
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
