import { createSystem, defaultConfig } from "@chakra-ui/react";
import { config } from "../../ui/theme.ts";

/** The site's brand over Chakra's full theme: the editor uses components the site trims away, and it never ships. */
export const editorSystem = createSystem(defaultConfig, config);
