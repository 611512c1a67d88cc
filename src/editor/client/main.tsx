import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadState } from "./api.ts";
import { Editor } from "./Editor.tsx";
import { editorSystem } from "./theme.ts";

const root = createRoot(document.getElementById("editor-root")!);
loadState().then(
  (state) =>
    root.render(
      <StrictMode>
        <ChakraProvider value={editorSystem}>
          <Editor initial={state} />
        </ChakraProvider>
      </StrictMode>,
    ),
  (error: Error) => {
    document.getElementById("editor-root")!.textContent = error.message;
  },
);
