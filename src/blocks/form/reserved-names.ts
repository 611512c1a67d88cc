/**
 * Every name a form element already answers to in the browser: its own properties
 * (reset, submit, action, method, elements, length, target), an element's (id, name,
 * title, style, closest, getAttribute...) and an object's (toString). A field named like
 * one takes its place on the form (form.reset becomes the input), so the form's own
 * code, a browser extension's or an analytics tag's breaks on it. Taken from Chromium
 * 156's HTMLFormElement prototype chain (and a touch screen's); form.test.tsx checks
 * that it covers jsdom's.
 */
const byInterface = {
  HTMLFormElement: `
    acceptCharset action autocomplete checkValidity constructor elements encoding enctype length method name noValidate rel relList
    reportValidity requestSubmit reset submit target
  `,
  HTMLElement: `
    accessKey attachInternals attributeStyleMap autocapitalize autocorrect autofocus blur click constructor contentEditable dataset dir
    draggable editContext enterKeyHint focus focusGroup focusGroupStart hidden hidePopover inert innerText inputMode isContentEditable lang
    nonce offsetHeight offsetLeft offsetParent offsetTop offsetWidth onabort onanimationcancel onanimationend onanimationiteration
    onanimationstart onauxclick onbeforeinput onbeforematch onbeforetoggle onbeforexrselect onblur oncancel oncanplay oncanplaythrough onchange
    onclick onclose oncommand oncontentvisibilityautostatechange oncontextlost oncontextmenu oncontextrestored oncopy oncuechange oncut
    ondblclick ondrag ondragend ondragenter ondragleave ondragover ondragstart ondrop ondurationchange onemptied onended onerror onfocus
    onformdata ongotpointercapture oninput oninvalid onkeydown onkeypress onkeyup onload onloadeddata onloadedmetadata onloadstart
    onlostpointercapture onmousedown onmouseenter onmouseleave onmousemove onmouseout onmouseover onmouseup onmousewheel onpaste onpause onplay
    onplaying onpointercancel onpointerdown onpointerenter onpointerleave onpointermove onpointerout onpointerover onpointerup onprogress
    onratechange onreset onresize onscroll onscrollend onscrollsnapchange onscrollsnapchanging onsecuritypolicyviolation onseeked onseeking
    onselect onselectionchange onselectstart onslotchange onstalled onsubmit onsuspend ontimeupdate ontoggle ontransitioncancel ontransitionend
    ontransitionrun ontransitionstart onvolumechange onwaiting onwebkitanimationend onwebkitanimationiteration onwebkitanimationstart
    onwebkittransitionend onwheel outerText popover showPopover spellcheck style tabIndex title togglePopover translate virtualKeyboardPolicy
    writingSuggestions
  `,
  Element: `
    activeViewTransition after animate append ariaActionsElements ariaActiveDescendantElement ariaAtomic ariaAutoComplete ariaBrailleLabel
    ariaBrailleRoleDescription ariaBusy ariaChecked ariaColCount ariaColIndex ariaColIndexText ariaColSpan ariaControlsElements ariaCurrent
    ariaDescribedByElements ariaDescription ariaDetailsElements ariaDisabled ariaErrorMessageElements ariaExpanded ariaFlowToElements
    ariaHasPopup ariaHidden ariaInvalid ariaKeyShortcuts ariaLabel ariaLabelledByElements ariaLevel ariaLive ariaModal ariaMultiLine
    ariaMultiSelectable ariaNotify ariaOrientation ariaPlaceholder ariaPosInSet ariaPressed ariaReadOnly ariaRelevant ariaRequired
    ariaRoleDescription ariaRowCount ariaRowIndex ariaRowIndexText ariaRowSpan ariaSelected ariaSetSize ariaSort ariaValueMax ariaValueMin
    ariaValueNow ariaValueText assignedSlot attachShadow attributes before checkVisibility childElementCount children classList className
    clientHeight clientLeft clientTop clientWidth closest computedStyleMap constructor currentCSSZoom customElementRegistry elementTiming
    firstElementChild getAnimations getAttribute getAttributeNS getAttributeNames getAttributeNode getAttributeNodeNS getBoundingClientRect
    getClientRects getElementsByClassName getElementsByTagName getElementsByTagNameNS getHTML hasAttribute hasAttributeNS hasAttributes
    hasPointerCapture id innerHTML insertAdjacentElement insertAdjacentHTML insertAdjacentText lastElementChild localName matches moveBefore
    namespaceURI nextElementSibling onbeforecopy onbeforecut onbeforepaste onfullscreenchange onfullscreenerror onsearch
    onwebkitfullscreenchange onwebkitfullscreenerror outerHTML part prefix prepend previousElementSibling pseudo querySelector querySelectorAll
    releasePointerCapture remove removeAttribute removeAttributeNS removeAttributeNode replaceChildren replaceWith requestFullscreen
    requestPointerLock role scroll scrollBy scrollHeight scrollIntoView scrollIntoViewIfNeeded scrollLeft scrollTo scrollTop scrollWidth
    setAttribute setAttributeNS setAttributeNode setAttributeNodeNS setHTML setHTMLUnsafe setPointerCapture shadowRoot slot startViewTransition
    tagName toggleAttribute webkitMatchesSelector webkitRequestFullScreen webkitRequestFullscreen
  `,
  Node: `
    ATTRIBUTE_NODE CDATA_SECTION_NODE COMMENT_NODE DOCUMENT_FRAGMENT_NODE DOCUMENT_NODE DOCUMENT_POSITION_CONTAINED_BY
    DOCUMENT_POSITION_CONTAINS DOCUMENT_POSITION_DISCONNECTED DOCUMENT_POSITION_FOLLOWING DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC
    DOCUMENT_POSITION_PRECEDING DOCUMENT_TYPE_NODE ELEMENT_NODE ENTITY_NODE ENTITY_REFERENCE_NODE NOTATION_NODE PROCESSING_INSTRUCTION_NODE
    TEXT_NODE appendChild baseURI childNodes cloneNode compareDocumentPosition constructor contains firstChild getRootNode hasChildNodes
    insertBefore isConnected isDefaultNamespace isEqualNode isSameNode lastChild lookupNamespaceURI lookupPrefix nextSibling nodeName nodeType
    nodeValue normalize ownerDocument parentElement parentNode previousSibling removeChild replaceChild textContent
  `,
  EventTarget: `
    addEventListener constructor dispatchEvent removeEventListener when
  `,
  Object: `
    constructor hasOwnProperty isPrototypeOf propertyIsEnumerable toLocaleString toString valueOf
  `,
  /** A phone's or tablet's browser has these on every element too. */
  touchScreens: "ontouchcancel ontouchend ontouchmove ontouchstart onpointerrawupdate",
};

export const FORM_PROPERTY_NAMES: ReadonlySet<string> = new Set(Object.values(byInterface).flatMap((names) => names.split(/\s+/).filter(Boolean)));
