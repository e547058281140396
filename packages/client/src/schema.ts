// Generated from the service OpenAPI document by `npm run client:api` (openapi-typescript). Do not edit.
export interface paths {
    "/.well-known/gs1resolver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The GS1 resolver description file: the root, the keys (AI 01) and link types answered */
        get: operations["describeResolver"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/01/{gtin}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GS1 Digital Link of a product (AI 01): a redirect to its page, or its linkset */
        get: operations["resolveProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/01/{gtin}/21/{serial}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GS1 Digital Link of one item (AI 01 + 21): a redirect to its certificate (or its product), or its linkset */
        get: operations["resolveItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ipfs/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Content by CID (a file, or a directory listing) */
        get: operations["getIpfsContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ipfs/{cid}/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Content by CID and path through UnixFS directories (ipfs://<dir>/<tokenId>)
         * @description The path after the CID (e.g. a token id): at most 1024 characters and 32 segments.
         */
        get: operations["getIpfsContentByPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness of the database, the chain and the pinning store; 503 names what fails */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/admins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The platform's admins, newest first (invited ones carry their invitation)
         * @description Roles: ADMIN.
         */
        get: operations["listAdmins"];
        put?: never;
        /**
         * Add an admin who logs in with e-mail and the password given (to invite by e-mail instead: /v1/admin/admins/invitations)
         * @description Roles: ADMIN.
         */
        post: operations["createAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/admins/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite an admin by e-mail. E-mails a link with which the person chooses their own password (7 days, once)
         * @description Roles: ADMIN.
         */
        post: operations["inviteAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of admin changes, newest first
         * @description Roles: ADMIN.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/global-products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The global product catalogue, newest first
         * @description Roles: ADMIN.
         */
        get: operations["listGlobalProducts"];
        put?: never;
        /**
         * Add a product to the global catalogue
         * @description Roles: ADMIN.
         */
        post: operations["createGlobalProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/global-products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a global product
         * @description Roles: ADMIN.
         */
        put: operations["updateGlobalProduct"];
        post?: never;
        /**
         * Delete a global product (409 while warranties refer to it; merchant products lose only the link)
         * @description Roles: ADMIN.
         */
        delete: operations["deleteGlobalProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All merchants, newest first; filter by status or name
         * @description Roles: ADMIN.
         */
        get: operations["listMerchants"];
        put?: never;
        /**
         * Create a merchant (ACTIVE)
         * @description Roles: ADMIN.
         */
        post: operations["createMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/merchants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One merchant
         * @description Roles: ADMIN.
         */
        get: operations["getMerchant"];
        /**
         * Change a merchant; status SUSPENDED locks its users out at once, ACTIVE lets them in again
         * @description Roles: ADMIN.
         */
        put: operations["updateMerchant"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/merchants/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a user of the merchant by e-mail. E-mails a link with which the person chooses their own password (7 days, once)
         * @description Roles: ADMIN.
         */
        post: operations["inviteMerchantUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/merchants/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The users of a merchant, newest first
         * @description Roles: ADMIN.
         */
        get: operations["listMerchantUsers"];
        put?: never;
        /**
         * Create a user of the merchant who logs in with e-mail and password
         * @description Roles: ADMIN.
         */
        post: operations["createMerchantUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/service-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All service providers, newest first; filter by status or name
         * @description Roles: ADMIN.
         */
        get: operations["listServiceProviders"];
        put?: never;
        /**
         * Create a service provider (ACTIVE); a taken name answers 409 conflict
         * @description Roles: ADMIN.
         */
        post: operations["createServiceProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/service-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One service provider
         * @description Roles: ADMIN.
         */
        get: operations["getServiceProvider"];
        /**
         * Change a service provider; status SUSPENDED locks its users out at once (403 provider_suspended), ACTIVE lets them in again
         * @description Roles: ADMIN.
         */
        put: operations["updateServiceProvider"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/service-providers/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a user of the service provider by e-mail. E-mails a link with which the person chooses their own password (7 days, once)
         * @description Roles: ADMIN.
         */
        post: operations["inviteServiceProviderUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/service-providers/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The users of a service provider, newest first
         * @description Roles: ADMIN.
         */
        get: operations["listServiceProviderUsers"];
        put?: never;
        /**
         * Create a user of the service provider (role SERVICE_PROVIDER) who logs in with e-mail and password
         * @description Roles: ADMIN.
         */
        post: operations["createServiceProviderUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Platform statistics: merchants, users, catalogue, warranties and mints
         * @description Roles: ADMIN.
         */
        get: operations["getPlatformStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Removes the user: every session ends at once; what they did stays (warranties, events), their unfinished imports stop
         * @description Roles: ADMIN.
         */
        delete: operations["removeStaff"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revokes an invitation not yet accepted: its link stops working and the invited account is deleted
         * @description Roles: ADMIN.
         */
        delete: operations["revokeStaffInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/invitation/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mails the invitation again with a fresh link; the links sent before stop working
         * @description Roles: ADMIN.
         */
        post: operations["resendStaffInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivates a suspended user (they sign in again)
         * @description Roles: ADMIN.
         */
        post: operations["reactivateStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspends the user: they cannot log in and every session ends at once
         * @description Roles: ADMIN.
         */
        post: operations["suspendStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the caller's password; earlier tokens stop working
         * @description Roles: ADMIN, MERCHANT_USER, CUSTOMER, SERVICE_PROVIDER.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a staff user a password reset link (30 minutes); the same answer for any address */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check an invitation link without using it: the address invited, the role, the organisation */
        get: operations["checkInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/invitation/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: the password chosen becomes the account’s, the link stops working, a session is answered */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with e-mail and password (admins, merchant users) */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own profile
         * @description Roles: ADMIN, MERCHANT_USER, CUSTOMER, SERVICE_PROVIDER.
         */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check a password reset link without using it */
        get: operations["checkPasswordReset"];
        put?: never;
        /** Use a password reset link: the new password is set, every earlier session ends, a fresh session is answered */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/auth/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Consume a claim link: a customer JWT, the wallet, the focused warranty when it is theirs */
        post: operations["claimWarranties"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/auth/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Use a sign-in link: a customer JWT */
        post: operations["useMagicLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/auth/request-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a one-time sign-in link (10 minutes); the same answer for any address */
        post: operations["requestAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/auth/resend-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a fresh claim link for a claim id (also an expired one); limited per claim id, client address, customer e-mail and merchant */
        post: operations["resendClaimLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/auth/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check a sign-in link without using it */
        get: operations["validateMagicLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/auth/validate-claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check a claim link without consuming it: masked e-mail, merchant, number of warranties */
        get: operations["validateClaimLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the customer's private calendar feed of warranty expiries, or replace its URL
         * @description A new URL each call: the previous one stops working.
         *
         *     Roles: CUSTOMER.
         */
        post: operations["createCalendarFeed"];
        /**
         * Revoke the customer's calendar feed (its URL answers 404 from now on)
         * @description Roles: CUSTOMER.
         */
        delete: operations["revokeCalendarFeed"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your claims, newest first, filtered
         * @description Roles: CUSTOMER.
         */
        get: operations["listMyClaims"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/claims/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One claim with its timeline, thread and photos
         * @description Roles: CUSTOMER.
         */
        get: operations["getMyClaim"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/claims/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an open claim (not once the repair has started: 409 invalid_state)
         * @description Roles: CUSTOMER.
         */
        post: operations["cancelMyClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/claims/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write in the claim’s thread, with photos
         * @description Roles: CUSTOMER.
         */
        post: operations["writeMyClaimMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/claims/{id}/photos/{photoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A photo of the claim, as its own type
         * @description Roles: CUSTOMER.
         */
        get: operations["getMyClaimPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/inbox-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's receipt inbox addresses {local}@{INBOX_DOMAIN}; the first is created on first use
         * @description Roles: CUSTOMER.
         */
        get: operations["getInboxAddresses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's profile and settings
         * @description Roles: CUSTOMER.
         */
        get: operations["getCustomerProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change subscriptionTier (FREE | PAID), reminderDaysBeforeExpiry (1 to 30) and language (en | de | fr, null: the browser's)
         * @description Roles: CUSTOMER.
         */
        patch: operations["updateCustomerProfile"];
        trace?: never;
    };
    "/v1/customer/push/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register this device's push token; the same token again updates it, and a token another customer registered moves to the caller
         * @description Roles: CUSTOMER.
         */
        post: operations["registerPushDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/push/unregister": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove one of the caller's push tokens, or all of them when no token is given
         * @description Roles: CUSTOMER.
         */
        post: operations["unregisterPushDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's receipts, newest first; filter by folder or warranty, search the extracted text
         * @description Roles: CUSTOMER.
         */
        get: operations["listReceipts"];
        put?: never;
        /**
         * Save a receipt: the image (type sniffed, EXIF orientation applied, location and device data removed)
         * @description JSON body up to 6 MB (413 payload_too_large). Without ocrData the receipt is read by OCR after the save (ocrStatus PENDING, then DONE or FAILED). A folderId that is not yours: 404. Past the storage quota (QUOTA_RECEIPTS_PER_CUSTOMER, QUOTA_RECEIPT_BYTES_PER_CUSTOMER): 409 receipt_quota_exceeded; past RATE_LIMIT_RECEIPT_SAVES: 429 too_many_requests.
         *
         *     Roles: CUSTOMER.
         */
        post: operations["saveReceipt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One receipt, with its stored image inline (imageBase64)
         * @description Roles: CUSTOMER.
         */
        get: operations["getReceipt"];
        put?: never;
        post?: never;
        /**
         * Delete a receipt; its image leaves the blob store after the commit
         * @description Roles: CUSTOMER.
         */
        delete: operations["deleteReceipt"];
        options?: never;
        head?: never;
        /**
         * Correct the receipt’s merchant, date, total or items after the save
         * @description An absent field stays as it is, an empty string removes it, items replaces the list; the raw text stays. A receipt still being read (PENDING) keeps what you send and is NONE from then on. Unless a warranty was confirmed, suggestedWarrantyId is worked out again.
         *
         *     Roles: CUSTOMER.
         */
        patch: operations["editReceipt"];
        trace?: never;
    };
    "/v1/customer/receipts/{id}/folder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * File the receipt in a folder (folderId), or in none (null or absent)
         * @description Roles: CUSTOMER.
         */
        patch: operations["moveReceiptToFolder"];
        trace?: never;
    };
    "/v1/customer/receipts/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The stored image (or PDF), as its own type
         * @description Roles: CUSTOMER.
         */
        get: operations["getReceiptImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/{id}/share-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a link to the receipt (valid 30 days) to toEmail; limited per customer per hour (429)
         * @description Roles: CUSTOMER.
         */
        post: operations["shareReceiptByEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/{id}/share-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link to the receipt (valid 30 days) for you to copy; shown once; the same limit as e-mails (429)
         * @description Roles: CUSTOMER.
         */
        post: operations["createReceiptShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/{id}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The share links of a receipt, newest first (ACTIVE, EXPIRED or REVOKED)
         * @description Roles: CUSTOMER.
         */
        get: operations["listReceiptShares"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/{id}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A small WebP of the receipt for lists (a PDF has none: 404)
         * @description Roles: CUSTOMER.
         */
        get: operations["getReceiptThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/{id}/warranty": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the receipt proves a claimed warranty of your wallet (null unlinks)
         * @description Clears suggestedWarrantyId. A warranty that is not yours or not claimed: 404.
         *
         *     Roles: CUSTOMER.
         */
        post: operations["confirmReceiptWarranty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's receipt folders, newest first, each with its number of receipts
         * @description Roles: CUSTOMER.
         */
        get: operations["listReceiptFolders"];
        put?: never;
        /**
         * Create a folder (name 1 to 40 characters, unique per customer in any case: 409)
         * @description Roles: CUSTOMER.
         */
        post: operations["createReceiptFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/folders/{folderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a folder; its receipts stay, in no folder
         * @description Roles: CUSTOMER.
         */
        delete: operations["deleteReceiptFolder"];
        options?: never;
        head?: never;
        /**
         * Rename a folder (a name you already use: 409)
         * @description Roles: CUSTOMER.
         */
        patch: operations["renameReceiptFolder"];
        trace?: never;
    };
    "/v1/customer/receipts/ocr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a photo or scan of a receipt: merchant, date, total, items, a confidence per field */
        post: operations["readReceipt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/receipts/shares/{shareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a share link: it answers 404 from now on
         * @description Roles: CUSTOMER.
         */
        delete: operations["revokeReceiptShare"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your registrations, newest first
         * @description Roles: CUSTOMER.
         */
        get: operations["listMyRegistrations"];
        put?: never;
        /**
         * Register a product you bought, with a receipt of yours as the proof of purchase
         * @description Refused before anything is stored: 422 not_registrable (the merchant takes no registrations of this GTIN), 422 unknown_serial (the merchant did not make this serial). A receipt that is not yours: 404. Answered 201 with the registration: APPROVED (a warranty issued at once by the merchant's rule, in your wallet, minted like any other), PENDING (in the merchant's queue), or DISPUTE (the item is registered or covered already: the merchant decides; never a second warranty). You registered the item already: 409 conflict. An e-mail tells you the outcome.
         *
         *     Roles: CUSTOMER.
         */
        post: operations["registerProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/registrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One registration of yours
         * @description Roles: CUSTOMER.
         */
        get: operations["getMyRegistration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every session of the customer (every device, this one too): their tokens answer 401
         * @description Roles: CUSTOMER.
         */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's linked addresses
         * @description Roles: CUSTOMER.
         */
        get: operations["listWallets"];
        put?: never;
        /**
         * Links the address of a signed challenge (EOA or EIP-1271 smart contract wallet)
         * @description Roles: CUSTOMER.
         */
        post: operations["linkWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/wallets/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlinks an address (certificates already in it stay there)
         * @description Roles: CUSTOMER.
         */
        delete: operations["unlinkWallet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/wallets/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A Sign-In with Ethereum message (single-use nonce, 10 minutes) for the address to sign
         * @description Roles: CUSTOMER.
         */
        post: operations["createWalletChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/warranties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's warranties across merchants, newest first
         * @description Roles: CUSTOMER.
         */
        get: operations["listCustomerWarranties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/warranties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One warranty of the customer's wallet (another customer's: 404)
         * @description Roles: CUSTOMER.
         */
        get: operations["getCustomerWarranty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/warranties/{id}/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a problem: open a claim on a warranty of yours that is in coverage
         * @description One open claim per warranty (409 claim_already_open). An expired warranty: 409 warranty_expired; a voided one: 409 warranty_voided. Photos follow the receipts’ image rules (400 validation_error naming the photo). A merchant's rule may approve the claim at once (autoApproved).
         *
         *     Roles: CUSTOMER.
         */
        post: operations["openClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/warranties/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Moves the certificate to one of the customer’s linked addresses (a chain transfer, exactly once)
         * @description Roles: CUSTOMER.
         */
        post: operations["exportWarranty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/warranties/{id}/give": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Gives a custodial warranty to someone by e-mail: they claim it with the link e-mailed to them
         * @description Roles: CUSTOMER.
         */
        post: operations["giveWarranty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customer/warranties/{id}/ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the warranty's token is (custodial or an address), its transfer and its owner changes
         * @description Roles: CUSTOMER.
         */
        get: operations["getWarrantyOwnership"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/calendar/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A private calendar feed (RFC 5545): one event per warranty expiry, with an alarm */
        get: operations["getCalendarFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/digital-link/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A product's or an item's GS1 Digital Link as a QR code (SVG or PNG) */
        get: operations["getDigitalLinkQr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/inbound-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a raw e-mail for a customer inbox address (for a mail provider that receives the mail)
         * @description The body is the message exactly as received (Content-Type: message/rfc822), `to` the envelope recipient (an inbox address), `from` the envelope sender, `ip` and `helo` the sending client as the provider saw it (SPF; without `ip` only DKIM counts). Protected by the x-inbound-secret header (INBOUND_EMAIL_SECRET; unset: always 401). The same checks and exactly-once rule as the SMTP listener apply (docs/inbound-mail.md); a redelivered message answers `duplicate: true`.
         */
        post: operations["receiveInboundEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/jobs/warranty-reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the due warranty-expiry reminders (push, or e-mail to a customer without a device)
         * @description Protected by the x-cron-secret header. Each reminder is sent once per warranty, expiry and device; calling again sends nothing new. Sends for a few seconds, then answers; the rest continues in the background (docs/reminders.md).
         */
        post: operations["runWarrantyReminders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the public product catalogue, newest first */
        get: operations["searchGlobalProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/receipt-share/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public preview of a shared receipt: the image and the extracted data
         * @description A small HTML page when the client prefers text/html (a browser), else JSON. Never shows who owns the receipt. An unknown, expired or revoked link: 404 in both forms.
         */
        get: operations["previewSharedReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/receipt-share/{token}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The image (or PDF) of a shared receipt, while the link works */
        get: operations["getSharedReceiptImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/registrations/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether an item (GTIN and serial) can be registered by its buyer
         * @description Public, nothing personal: the product, its merchant, and a stable reason (registrable, not_registrable, unknown_serial, already_registered: a registration would then be a dispute). An unknown GTIN: 404; a bad check digit: 400 invalid_gtin. Counts against RATE_LIMIT_VERIFY_PER_ADDRESS.
         */
        get: operations["checkRegistration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/sender-verify/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm a sender address from the link e-mailed to it
         * @description Answers a small HTML page when the client prefers text/html (a browser), else JSON. An unknown, expired, replaced or already used token: 404 not_found.
         */
        get: operations["verifySenderAddress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/warranties/{warrantyCode}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public verification of a warranty certificate (chain and IPFS facts, no personal data) */
        get: operations["verifyCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claim-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant’s claim rules: automatic approval, the repair extension
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getClaimSettings"];
        /**
         * Set the claim rules (OWNER and ADMIN)
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        put: operations["putClaimSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claim-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Claims dashboard: open claims by state and age, outcomes, median time to resolution, claim rate by product
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getClaimStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's claims (filter by status, product, provider, age), newest first, filtered
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listMerchantClaims"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One claim with its timeline, thread and photos
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getMerchantClaim"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a SUBMITTED claim
         * @description Roles: MERCHANT_USER.
         */
        post: operations["approveClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign an APPROVED claim (or re-assign an ASSIGNED one) to a provider on your list: OWNER and ADMIN only
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["assignClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny a SUBMITTED or INFO_REQUESTED claim, with the reason the customer reads
         * @description Roles: MERCHANT_USER.
         */
        post: operations["denyClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write in the claim’s thread, with photos
         * @description Roles: MERCHANT_USER.
         */
        post: operations["writeMerchantClaimMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}/photos/{photoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A photo of the claim, as its own type
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getMerchantClaimPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}/request-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the customer for more information (SUBMITTED → INFO_REQUESTED; their answer returns it)
         * @description Roles: MERCHANT_USER.
         */
        post: operations["requestClaimInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/claims/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an APPROVED claim yourself (no provider): the outcome is a public service event; coverage changes need OWNER or ADMIN
         * @description Roles: MERCHANT_USER.
         */
        post: operations["resolveClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a user to the merchant's team by e-mail (owners only). E-mails a link with which the person chooses their own password (7 days, once)
         * @description Roles: MERCHANT_USER (merchant role OWNER).
         */
        post: operations["inviteTeamMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's merchant's products, newest first
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listMerchantProducts"];
        put?: never;
        /**
         * Add a product; an unknown globalProductId answers 400
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["createMerchantProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a product
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        put: operations["updateMerchantProduct"];
        post?: never;
        /**
         * Delete a product (soft: issued warranties keep it; its SKU becomes free)
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        delete: operations["deleteMerchantProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/products/{id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A printable sheet (HTML, A4) of QR code labels for serials of the merchant's product
         * @description Roles: MERCHANT_USER.
         */
        post: operations["printProductLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/products/{id}/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product's registration settings (off until set) and how many serials are known
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getRegistrationSettings"];
        /**
         * Set a product's registration settings
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        put: operations["setRegistrationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/products/{id}/serials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the serials made of a product (JSON list, or a CSV/text body of any length)
         * @description application/json {"serials": [...]} (at most 10,000), or text/csv / text/plain with one serial a line (the first column; a header line `serial` is skipped), at most 209715200 bytes. Answers 202 with the upload; a background job adds the serials (already known ones count as duplicates) and reports each bad line. Follow it with GET …/serials/uploads/{uploadId}.
         *
         *     Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["uploadKnownSerials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/products/{id}/serials/uploads/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An upload of known serials: its progress, counts and a page of its line errors
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getKnownSerialsUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's registrations by buyers, newest first (filter by status: PENDING, DISPUTE …)
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listRegistrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/registrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One registration
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getRegistration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/registrations/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a PENDING registration: the warranty is issued into the buyer's wallet
         * @description Not PENDING (a dispute included): 409 invalid_state. The item got a warranty meanwhile: 409 conflict.
         *
         *     Roles: MERCHANT_USER.
         */
        post: operations["approveRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/registrations/{id}/refuse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refuse a PENDING registration or close a DISPUTE, with the reason the buyer reads
         * @description Roles: MERCHANT_USER.
         */
        post: operations["refuseRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/sender-addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's receipt sender addresses, newest first
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listSenderAddresses"];
        put?: never;
        /**
         * Register a sender address; a verification link is e-mailed to it (valid 7 days). 30 per merchant per hour; 5 verification e-mails per address per hour
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["registerSenderAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/sender-addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a sender address
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        delete: operations["deleteSenderAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/sender-addresses/{id}/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a fresh verification link (the previous one stops working); 3 per 15 minutes
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["resendSenderVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/service-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service providers the merchant allowed to work on its claims, the latest allowed first
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listAllowedServiceProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/service-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Allow an active service provider to work on the merchant’s claims (idempotent); a suspended one answers 409 invalid_state
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        put: operations["allowServiceProvider"];
        post?: never;
        /**
         * Withdraw a service provider from the merchant’s list (not on it: 404)
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        delete: operations["withdrawServiceProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/service-providers/directory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active service providers to choose from (id and name), newest first; filter by name
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        get: operations["listServiceProviderDirectory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's merchant: its name and the currency its prices are in
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getMerchantSettings"];
        /**
         * Set the merchant's currency (ISO 4217); OWNER or ADMIN
         * @description The currency prices are shown in (the console, the customer app, the CSV import checks a currency mark on a price against it). Amounts already stored are not converted.
         *
         *     Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        put: operations["updateMerchantSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard statistics of the caller's merchant
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getMerchantStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's users, newest first (owners only)
         * @description Roles: MERCHANT_USER (merchant role OWNER).
         */
        get: operations["listTeamMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Removes the user: every session ends at once; what they did stays (warranties, events), their unfinished imports stop
         * @description Roles: MERCHANT_USER (merchant role OWNER).
         */
        delete: operations["removeTeamMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/users/{id}/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revokes an invitation not yet accepted: its link stops working and the invited account is deleted
         * @description Roles: MERCHANT_USER (merchant role OWNER).
         */
        delete: operations["revokeTeamMemberInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/users/{id}/invitation/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mails the invitation again with a fresh link; the links sent before stop working
         * @description Roles: MERCHANT_USER (merchant role OWNER).
         */
        post: operations["resendTeamMemberInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/users/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivates a suspended user (they sign in again)
         * @description Roles: MERCHANT_USER (merchant role OWNER).
         */
        post: operations["reactivateTeamMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/users/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspends the user: they cannot log in and every session ends at once
         * @description Roles: MERCHANT_USER (merchant role OWNER).
         */
        post: operations["suspendTeamMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's warranties, newest first, with filters
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listWarranties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One warranty of the merchant, with the delivery of its claim e-mail (notificationDelivery)
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getWarranty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A warranty's service history, oldest first, with each anchored event's proof
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listServiceEvents"];
        put?: never;
        /**
         * Records a public service event (anchored on chain in batches); extensions and replacements move the expiry
         * @description Roles: MERCHANT_USER.
         */
        post: operations["recordServiceEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/{id}/resend-notification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a fresh claim link (earlier links of the warranty stop working); limited per warranty (429 too_many_requests) and by the daily e-mail quota (429 email_quota_exceeded)
         * @description Roles: MERCHANT_USER.
         */
        post: operations["resendWarrantyNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/{id}/retry-mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a FAILED mint back to PENDING; 409 invalid_state in any other state
         * @description Roles: MERCHANT_USER.
         */
        post: operations["retryWarrantyMint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue up to 1,000 warranties; an answer per item, one bad item never rejects the others
         * @description Each item has the fields and rules of POST /v1/merchant/warranties/issue and is answered with its warranty (status created) or the error that item alone would have had (status failed, details under /body/items/{index}). One Idempotency-Key covers the whole request for 24 hours. Items with customerEmail past the daily e-mail quota fail alone with email_quota_exceeded.
         *
         *     Roles: MERCHANT_USER.
         */
        post: operations["issueWarrantiesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's CSV imports, newest first
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listWarrantyImports"];
        put?: never;
        /**
         * Import warranties from a CSV file of any size, as a background job
         * @description Answers 202 with the import once the body is stored (at most 209715200 bytes); its lines are then issued in chunks by a durable job, each line under the rules of one issue. Follow it with GET /v1/merchant/warranties/imports/{id}. One Idempotency-Key covers the upload for 24 hours.
         *
         *     Roles: MERCHANT_USER.
         */
        post: operations["importWarranties"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A CSV import: its state, counts and a page of its line errors
         * @description errors.items lists the lines that issued nothing (line number, stable code, message), by line, errorsLimit at a time; errors.total counts them all.
         *
         *     Roles: MERCHANT_USER.
         */
        get: operations["getWarrantyImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a warranty; with customerEmail, the customer is e-mailed a claim link
         * @description Honours an Idempotency-Key header for 24 hours: the same key and body answer the first response again (header idempotent-replayed: true) and create nothing; another body with the key answers 422. With customerEmail, the e-mail counts against the merchant's daily quota (QUOTA_MERCHANT_EMAILS_PER_DAY): past it 429 email_quota_exceeded with Retry-After, and nothing is issued.
         *
         *     Roles: MERCHANT_USER.
         */
        post: operations["issueWarranty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/warranties/lookup/{identifier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find by warranty code (one item) or customer e-mail (that customer's warranties here, newest first, in pages)
         * @description Roles: MERCHANT_USER.
         */
        get: operations["lookupWarranties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's webhook endpoints, newest first
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register an endpoint; its signing secret is shown in this answer only; past WEBHOOK_MAX_ENDPOINTS: 409 invalid_state
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One endpoint
         * @description Roles: MERCHANT_USER.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Remove an endpoint and its delivery log
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change the URL or events; status ACTIVE enables a disabled endpoint again
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/merchant/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint's delivery log, newest first
         * @description Roles: MERCHANT_USER.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/webhooks/{id}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver the same event again (same body and Webhook-Id) as a new delivery; limited with `test` per merchant (429)
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret (shown once); the old one also signs for 24 hours
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a `ping` event; a disabled endpoint: 409 invalid_state; limited with `replay` per merchant (429)
         * @description Roles: MERCHANT_USER (merchant role OWNER or ADMIN).
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-provider/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The claims assigned to your organisation, newest first, filtered
         * @description Roles: SERVICE_PROVIDER.
         */
        get: operations["listProviderClaims"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-provider/claims/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One claim with its timeline, thread and photos
         * @description Roles: SERVICE_PROVIDER.
         */
        get: operations["getProviderClaim"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-provider/claims/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write in the claim’s thread, with photos
         * @description Roles: SERVICE_PROVIDER.
         */
        post: operations["writeProviderClaimMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-provider/claims/{id}/photos/{photoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A photo of the claim, as its own type
         * @description Roles: SERVICE_PROVIDER.
         */
        get: operations["getProviderClaimPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-provider/claims/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a claim you hold: repaired, replaced (with the new serial) or not covered
         * @description Roles: SERVICE_PROVIDER.
         */
        post: operations["resolveProviderClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-provider/claims/{id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the diagnosis and start the repair (ASSIGNED → IN_REPAIR)
         * @description Roles: SERVICE_PROVIDER.
         */
        post: operations["startClaimRepair"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-provider/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a product’s coverage by warranty code, or by GTIN and serial number (warranties of merchants that allowed you)
         * @description Roles: SERVICE_PROVIDER.
         */
        get: operations["checkCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Package version, git revision, API version, and what to verify certificates against
         * @description Everything an outsider needs to check a certificate without trusting us: the chain id, the certificate contract, the custodial address tokens are minted to, and the IPFS gateway (which also answers as an IPFS trustless gateway: `?format=raw|car`).
         */
        get: operations["version"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** AllowedServiceProvider */
        AllowedServiceProvider: {
            address: string | null;
            /**
             * Format: date-time
             * @description When the merchant allowed the provider (the list is newest first)
             */
            allowedAt: string;
            contactEmail: string;
            /** Format: uuid */
            id: string;
            name: string;
            phone: string | null;
            /** @description SUSPENDED: its users cannot log in and their tokens are refused (403 provider_suspended) */
            status: "ACTIVE" | "SUSPENDED";
        };
        /** AllowedServiceProviderPage */
        AllowedServiceProviderPage: {
            items: components["schemas"]["AllowedServiceProvider"][];
            nextCursor: string | null;
        };
        /** AuditRecord */
        AuditRecord: {
            /** @description `<resource>.<verb>`, e.g. `merchant.update` */
            action: string;
            actorEmail: string | null;
            actorId: string | null;
            /** @description The resource as the API showed it (null when there was none); never holds secrets */
            after: unknown;
            /** @description The resource as the API showed it (null when there was none); never holds secrets */
            before: unknown;
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            requestId: string | null;
            targetId: string | null;
            targetType: string;
        };
        /** AuditRecordPage */
        AuditRecordPage: {
            items: components["schemas"]["AuditRecord"][];
            nextCursor: string | null;
        };
        /** BulkIssueItem */
        BulkIssueItem: {
            error?: components["schemas"]["ErrorBody"];
            /** @description The item's position in the request */
            index: number;
            status: "created" | "failed";
            warranty?: components["schemas"]["WarrantyWithNotification"];
        };
        /** BulkIssueResponse */
        BulkIssueResponse: {
            created: number;
            failed: number;
            /** @description One answer per item, in the order of the request */
            items: components["schemas"]["BulkIssueItem"][];
        };
        /** CalendarFeed */
        CalendarFeed: {
            /** @description The private feed (https): anyone holding it can read it */
            url: string;
            /** @description The same feed as a webcal:// link, for calendar apps */
            webcalUrl: string;
        };
        /** Certificate */
        Certificate: {
            blockNumber: number | null;
            chainId: number;
            contractAddress: string;
            /** @description the ERC-721 metadata JSON served for tokenUri */
            metadata: unknown;
            metadataCid: string;
            /** @description the metadata bytes hash to the CID the directory names and to the CID recorded at issue */
            metadataHashMatches: boolean;
            /** @description current holder (the service custodian until exported) */
            owner: string;
            /** @description uint256 as a decimal string */
            tokenId: string;
            /** @description as the contract answers it: ipfs://<batch directory>/<tokenId> */
            tokenUri: string;
            txHash: string | null;
        };
        /** CertificateVerification */
        CertificateVerification: {
            certificate: components["schemas"]["Certificate"] | null;
            digitalLink: string | null;
            /** Format: date-time */
            expiresAt: string;
            /** @description service events, oldest first, each with its proof */
            history: components["schemas"]["ServiceHistoryEvent"][];
            /** @description `custodial` (held by the service) or the address holding the token */
            holder: string;
            /** Format: date-time */
            issuedAt: string;
            merchantName: string;
            mintStatus: "PENDING" | "MINTING" | "MINTED" | "FAILED";
            productName: string | null;
            /**
             * Format: date-time
             * @description The warranty's stored purchase date (the date given at issue, else the issue time): the certificate's "Purchase date", from which the warranty counts
             */
            purchaseDate: string;
            serialNumberMatches: boolean | null;
            /** @description EXPIRED once expiresAt has passed */
            status: "ACTIVE" | "EXPIRED";
            /** @description not voided and not expired */
            validToday: boolean;
            warrantyCode: string;
        };
        /** Claim */
        Claim: {
            autoApproved: boolean;
            category: "NOT_WORKING" | "DEFECT" | "BATTERY" | "DISPLAY" | "DAMAGE" | "OTHER";
            /** Format: date-time */
            createdAt: string;
            decisionNote: string | null;
            description: string;
            diagnosis: string | null;
            /** Format: uuid */
            id: string;
            merchant: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            outcome: ("REPAIRED" | "REPLACED" | "REFUNDED" | "NOT_COVERED") | null;
            outcomeNote: string | null;
            receiptId: string | null;
            replacementSerial: string | null;
            resolvedAt: string | null;
            serviceProvider: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            status: "SUBMITTED" | "INFO_REQUESTED" | "APPROVED" | "DENIED" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CANCELLED";
            /** Format: date-time */
            statusChangedAt: string;
            /** Format: date-time */
            updatedAt: string;
            warranty: {
                /** Format: date-time */
                expiresAt: string;
                /** Format: uuid */
                id: string;
                merchantProductId: string | null;
                productName: string | null;
                serialNumber: string;
                warrantyCode: string;
            };
        };
        /**
         * ClaimDetail
         * @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer
         */
        ClaimDetail: {
            autoApproved: boolean;
            category: "NOT_WORKING" | "DEFECT" | "BATTERY" | "DISPLAY" | "DAMAGE" | "OTHER";
            /** Format: date-time */
            createdAt: string;
            customer: {
                /** Format: email */
                email: string;
                name: string | null;
            } | null;
            decisionNote: string | null;
            description: string;
            diagnosis: string | null;
            /** Format: uuid */
            id: string;
            merchant: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            messages: {
                body: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: uuid */
                id: string;
                party: "CUSTOMER" | "MERCHANT" | "SERVICE_PROVIDER" | "SYSTEM";
                photoIds: string[];
            }[];
            outcome: ("REPAIRED" | "REPLACED" | "REFUNDED" | "NOT_COVERED") | null;
            outcomeNote: string | null;
            photos: {
                contentType: string;
                /** Format: date-time */
                createdAt: string;
                height: number | null;
                /** Format: uuid */
                id: string;
                messageId: string | null;
                width: number | null;
            }[];
            receiptId: string | null;
            replacementSerial: string | null;
            resolvedAt: string | null;
            serviceProvider: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            status: "SUBMITTED" | "INFO_REQUESTED" | "APPROVED" | "DENIED" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CANCELLED";
            /** Format: date-time */
            statusChangedAt: string;
            timeline: {
                /** Format: date-time */
                at: string;
                fromStatus: ("SUBMITTED" | "INFO_REQUESTED" | "APPROVED" | "DENIED" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CANCELLED") | null;
                note: string | null;
                party: "CUSTOMER" | "MERCHANT" | "SERVICE_PROVIDER" | "SYSTEM";
                toStatus: "SUBMITTED" | "INFO_REQUESTED" | "APPROVED" | "DENIED" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CANCELLED";
            }[];
            /** Format: date-time */
            updatedAt: string;
            warranty: {
                /** Format: date-time */
                expiresAt: string;
                /** Format: uuid */
                id: string;
                merchantProductId: string | null;
                productName: string | null;
                serialNumber: string;
                warrantyCode: string;
            };
        };
        /** ClaimPage */
        ClaimPage: {
            items: components["schemas"]["Claim"][];
            nextCursor: string | null;
        };
        /** ClaimSession */
        ClaimSession: {
            focus: components["schemas"]["WalletWarranty"] | null;
            /** @description JWT (HS256) for Authorization: Bearer */
            token: string;
            user: components["schemas"]["CustomerSessionUser"];
            wallet: components["schemas"]["WalletWarrantyPage"];
        };
        /** ClaimSettings */
        ClaimSettings: {
            /** @description Approve every claim on these products of yours */
            autoApproveProductIds: string[];
            autoApproveWithinDays: number | null;
            /** @description A repair extends coverage by this many days (0: not at all) */
            repairExtensionDays: number;
            updatedAt: string | null;
        };
        /** ClaimStats */
        ClaimStats: {
            /** @description The (at most 20) products with the most claims */
            byProduct: {
                /** @description claims / warranties issued for the product */
                claimRate: number;
                claims: number;
                /** Format: uuid */
                merchantProductId: string;
                productName: string;
                warranties: number;
            }[];
            closed: {
                CANCELLED: number;
                DENIED: number;
                RESOLVED: number;
            };
            /** Format: date-time */
            generatedAt: string;
            medianHoursToResolution: number | null;
            open: {
                /** @description Open claims by time since they were opened */
                byAge: {
                    from2To7Days: number;
                    from7To30Days: number;
                    over30Days: number;
                    under2Days: number;
                };
                byStatus: {
                    APPROVED: number;
                    ASSIGNED: number;
                    IN_REPAIR: number;
                    INFO_REQUESTED: number;
                    SUBMITTED: number;
                };
                total: number;
            };
            outcomes: {
                NOT_COVERED: number;
                REFUNDED: number;
                REPAIRED: number;
                REPLACED: number;
            };
        };
        /**
         * Coverage
         * @description What a repair desk learns: coverage, product and expiry, never the owner
         */
        Coverage: {
            covered: boolean;
            /** Format: date-time */
            expiresAt: string;
            gtin: string | null;
            merchantName: string;
            openClaimId: string | null;
            productName: string | null;
            serialNumber: string;
            status: "ACTIVE" | "EXPIRED" | "VOIDED";
            warrantyCode: string;
        };
        /** CustomerProfile */
        CustomerProfile: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: uuid */
            id: string;
            language: ("en" | "de" | "fr") | null;
            name: string | null;
            reminderDaysBeforeExpiry: number;
            subscriptionTier: "FREE" | "PAID";
            /** Format: date-time */
            updatedAt: string;
            verifiedAt: string | null;
        };
        /** CustomerSession */
        CustomerSession: {
            /** @description JWT (HS256) for Authorization: Bearer */
            token: string;
            user: components["schemas"]["CustomerSessionUser"];
        };
        /** CustomerSessionUser */
        CustomerSessionUser: {
            email: string;
            /** Format: uuid */
            id: string;
            merchantId: null;
            merchantName: null;
            merchantRole: null;
            name: string | null;
            /** @enum {string} */
            role: "CUSTOMER";
        };
        /** @description Every error answer */
        ErrorBody: {
            details?: {
                message: string;
                path: string;
            }[];
            /**
             * @description A stable error code, one of a closed list
             * @enum {unknown}
             */
            error: "validation_error" | "invalid_json" | "invalid_gtin" | "unauthorized" | "invalid_credentials" | "invalid_link" | "expired" | "invalid_token" | "expired_token" | "token_used" | "forbidden" | "account_suspended" | "merchant_suspended" | "provider_suspended" | "not_found" | "request_timeout" | "conflict" | "receipt_quota_exceeded" | "invalid_state" | "warranty_expired" | "warranty_voided" | "claim_already_open" | "last_owner" | "last_admin" | "self_offboarding" | "payload_too_large" | "idempotency_key_reused" | "not_registrable" | "unknown_serial" | "too_many_requests" | "email_quota_exceeded" | "headers_too_large" | "internal_error" | "unavailable";
            message: string;
        } & {
            [key: string]: unknown;
        };
        /** GlobalProduct */
        GlobalProduct: {
            brand: string;
            category: string;
            /** Format: date-time */
            createdAt: string;
            gtin: string | null;
            /** Format: uuid */
            id: string;
            imageUrl: string | null;
            model: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** GlobalProductPage */
        GlobalProductPage: {
            items: components["schemas"]["GlobalProduct"][];
            nextCursor: string | null;
        };
        /** ImportLineError */
        ImportLineError: {
            details?: {
                message: string;
                /** @description The column, as a JSON pointer into the line: /serialNumber */
                path: string;
                /** @description Why the import could not read the cell: date_invalid, date_ambiguous, number_invalid, number_ambiguous or currency_mismatch */
                reason?: string;
            }[];
            /** @description The stable code the issue route would have answered for this line */
            error: string;
            /** @description Line number in the file (the header is line 1) */
            line: number;
            message: string;
        };
        /** InboxAddresses */
        InboxAddresses: {
            /** @description The first address, {local}@{INBOX_DOMAIN}: the one to show */
            address: string;
            addresses: {
                address: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: uuid */
                id: string;
            }[];
        };
        /** InvitationCheck */
        InvitationCheck: {
            /** @description The address invited: the sign-in name */
            email: string;
            /** Format: date-time */
            expiresAt: string;
            name: string | null;
            organisationName: string | null;
            role: "ADMIN" | "MERCHANT_USER" | "CUSTOMER" | "SERVICE_PROVIDER";
            /** @enum {boolean} */
            valid: true;
        };
        /** InvitationRevoked */
        InvitationRevoked: {
            /** Format: uuid */
            id: string;
            /** @enum {boolean} */
            revoked: true;
        };
        /** InvitationState */
        InvitationState: {
            /** Format: date-time */
            expiresAt: string;
            status: "PENDING" | "EXPIRED";
        };
        /** LinkCheck */
        LinkCheck: {
            /** @description The masked address, e.g. j***e@example.com */
            email: string;
            /** Format: date-time */
            expiresAt: string;
            merchantName: string | null;
            /** @enum {boolean} */
            valid: true;
            /** @description The warranties signing in puts in the wallet */
            warrantyCount: number;
        };
        /** LinkedWallet */
        LinkedWallet: {
            address: string;
            chainId: number;
            /** Format: date-time */
            linkedAt: string;
        };
        /** LoginResponse */
        LoginResponse: {
            /** @description JWT (HS256) for Authorization: Bearer */
            token: string;
            user: components["schemas"]["SessionUser"];
        };
        /** Merchant */
        Merchant: {
            address: string | null;
            contactEmail: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description ISO 4217 code of the currency the merchant prices in (upper case), e.g. EUR, USD, GBP; EUR unless set */
            currency: string;
            /** Format: uuid */
            id: string;
            name: string;
            phone: string | null;
            /** @description SUSPENDED: its users cannot log in and their tokens are refused (403 merchant_suspended) */
            status: "ACTIVE" | "SUSPENDED";
            taxId: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        /** MerchantPage */
        MerchantPage: {
            items: components["schemas"]["Merchant"][];
            nextCursor: string | null;
        };
        /** MerchantProduct */
        MerchantProduct: {
            /** Format: date-time */
            createdAt: string;
            globalProductId: string | null;
            gtin: string | null;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchantId: string;
            merchantSku: string;
            price: number | null;
            title: string;
            /** Format: date-time */
            updatedAt: string;
            warrantyDurationMonths: number | null;
        };
        /** MerchantProductPage */
        MerchantProductPage: {
            items: components["schemas"]["MerchantProduct"][];
            nextCursor: string | null;
        };
        /** MerchantSettings */
        MerchantSettings: {
            /** @description ISO 4217 code of the currency the merchant prices in (upper case), e.g. EUR, USD, GBP; EUR unless set */
            currency: string;
            /** Format: uuid */
            merchantId: string;
            name: string;
        };
        /** MerchantUser */
        MerchantUser: {
            /** Format: date-time */
            createdAt: string;
            /** @description Lower-cased */
            email: string;
            /** Format: uuid */
            id: string;
            invitation?: components["schemas"]["InvitationState"];
            lastLoginAt: string | null;
            /** Format: uuid */
            merchantId: string;
            merchantRole: "OWNER" | "ADMIN" | "USER";
            name: string | null;
            /** @enum {string} */
            role: "MERCHANT_USER";
            status: "ACTIVE" | "SUSPENDED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** MerchantUserPage */
        MerchantUserPage: {
            items: components["schemas"]["MerchantUser"][];
            nextCursor: string | null;
        };
        /** MintState */
        MintState: {
            attempts: number;
            chainId: number | null;
            contractAddress: string | null;
            error: string | null;
            metadataCid: string | null;
            status: "PENDING" | "MINTING" | "MINTED" | "FAILED";
            tokenId: string | null;
            txHash: string | null;
        };
        /** NotificationDelivery */
        NotificationDelivery: {
            /** @description Delivery attempts made so far */
            attempts: number;
            sentAt: string | null;
            /** @description QUEUED: on its way (retried with backoff after a temporary failure); SENT: accepted by the mail server; FAILED: refused for good or given up after the last attempt (resend-notification queues a new one) */
            status: "QUEUED" | "SENT" | "FAILED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** PasswordResetCheck */
        PasswordResetCheck: {
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** @enum {boolean} */
            valid: true;
        };
        /** Profile */
        Profile: {
            /** @description admins only */
            adminRole?: "SUPER_ADMIN" | "ADMIN";
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: uuid */
            id: string;
            lastLoginAt: string | null;
            merchantId: string | null;
            merchantName: string | null;
            merchantRole: ("OWNER" | "ADMIN" | "USER") | null;
            name: string | null;
            role: "ADMIN" | "MERCHANT_USER" | "CUSTOMER" | "SERVICE_PROVIDER";
            /**
             * Format: uuid
             * @description SERVICE_PROVIDER users only: their service provider
             */
            serviceProviderId?: string;
            /** @description SERVICE_PROVIDER users only: the name of their service provider */
            serviceProviderName?: string;
            status: "ACTIVE" | "SUSPENDED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** PushDevice */
        PushDevice: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            platform: "ios" | "android";
            /**
             * Format: date-time
             * @description The last registration of this token
             */
            updatedAt: string;
        };
        /** Registration */
        Registration: {
            autoApproved: boolean;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string | null;
            decidedAt: string | null;
            gtin: string | null;
            /** Format: uuid */
            id: string;
            merchantName: string;
            /** Format: uuid */
            productId: string;
            productTitle: string;
            /**
             * Format: date
             * @description A calendar day, YYYY-MM-DD
             */
            purchaseDate: string;
            receiptId: string | null;
            refusalReason: string | null;
            reviewReason: ("manual_review" | "receipt_date_unreadable" | "purchase_date_corrected" | "receipt_too_old" | "already_registered" | "already_covered") | null;
            serialNumber: string;
            shop: string | null;
            status: "PENDING" | "APPROVED" | "REFUSED" | "DISPUTE";
            /** Format: date-time */
            updatedAt: string;
            warrantyCode: string | null;
            warrantyId: string | null;
        };
        /** RegistrationCheck */
        RegistrationCheck: {
            coverageMonths: number | null;
            /** @description GTIN-14 */
            gtin: string;
            merchantName: string;
            productTitle: string;
            reason: "registrable" | "not_registrable" | "unknown_serial" | "already_registered";
            /** @description True when a registration would be accepted for review or issue */
            registrable: boolean;
            requiresReceipt: boolean;
            serial: string;
        };
        /** RegistrationPage */
        RegistrationPage: {
            items: components["schemas"]["Registration"][];
            nextCursor: string | null;
        };
        /** RegistrationSettings */
        RegistrationSettings: {
            autoApproveMaxAgeDays: number | null;
            coverageMonths: number;
            /** @description PURCHASE_DATE: from the receipt's date; REGISTRATION_DATE: from the day of registration */
            coverageStart: "PURCHASE_DATE" | "REGISTRATION_DATE";
            enabled: boolean;
            knownSerials: number;
            /** Format: uuid */
            productId: string;
            /** @description Refuse serials the merchant did not upload */
            requireKnownSerial: boolean;
        };
        /** ReminderRunResult */
        ReminderRunResult: {
            /** @description Reminders given up by this call (device gone, refused, last attempt) */
            failed: number;
            /** @description Reminders delivered by this call (a push accepted by the provider, an e-mail queued); what did not fit in the time budget continues in the background */
            sent: number;
            /** @description Claimed, unexpired warranties within their customer's reminderDaysBeforeExpiry, found by this call */
            warranties: number;
        };
        /** ResaleOffer */
        ResaleOffer: {
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            status: "OPEN";
        };
        /** SenderAddress */
        SenderAddress: {
            /** Format: date-time */
            createdAt: string;
            /** @description Lower-cased */
            email: string;
            /** Format: uuid */
            id: string;
            status: "PENDING" | "VERIFIED";
            /** Format: date-time */
            updatedAt: string;
            verificationExpiresAt: string | null;
            verifiedAt: string | null;
        };
        /** SenderAddressPage */
        SenderAddressPage: {
            items: components["schemas"]["SenderAddress"][];
            nextCursor: string | null;
        };
        /** SerialUpload */
        SerialUpload: {
            added: number;
            /** Format: date-time */
            createdAt: string;
            duplicates: number;
            error: string | null;
            failed: number;
            finishedAt: string | null;
            /** Format: uuid */
            id: string;
            lines: number;
            processed: number;
            /** Format: uuid */
            productId: string;
            state: "PENDING" | "RUNNING" | "DONE" | "FAILED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** SerialUploadWithErrors */
        SerialUploadWithErrors: {
            added: number;
            /** Format: date-time */
            createdAt: string;
            duplicates: number;
            error: string | null;
            errors: {
                items: {
                    code: string;
                    line: number;
                    message: string;
                }[];
                total: number;
            };
            failed: number;
            finishedAt: string | null;
            /** Format: uuid */
            id: string;
            lines: number;
            processed: number;
            /** Format: uuid */
            productId: string;
            state: "PENDING" | "RUNNING" | "DONE" | "FAILED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** ServiceHistory */
        ServiceHistory: {
            events: components["schemas"]["ServiceHistoryEvent"][];
            voided: boolean;
        };
        /** ServiceHistoryEvent */
        ServiceHistoryEvent: {
            description: string;
            /** Format: uuid */
            id: string;
            kind: "CLAIM_OPENED" | "REPAIRED" | "REPLACED" | "EXTENDED" | "VOIDED" | "CLAIM_CLOSED";
            newExpiresAt: string | null;
            newSerialHash: string | null;
            proof: {
                anchorContract: string;
                blockNumber: number | null;
                /** @description the pinned event file (CIDv1, raw, sha2-256) */
                cid: string;
                leaf: string;
                /** @description sibling hashes, leaf to root (sorted-pair keccak256) */
                proof: string[];
                root: string;
                seq: number;
                txHash: string | null;
            } | null;
            /** Format: date-time */
            recordedAt: string;
        };
        /** ServiceProvider */
        ServiceProvider: {
            address: string | null;
            contactEmail: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            phone: string | null;
            /** @description SUSPENDED: its users cannot log in and their tokens are refused (403 provider_suspended) */
            status: "ACTIVE" | "SUSPENDED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** ServiceProviderListing */
        ServiceProviderListing: {
            /** Format: uuid */
            id: string;
            name: string;
        };
        /** ServiceProviderListingPage */
        ServiceProviderListingPage: {
            items: components["schemas"]["ServiceProviderListing"][];
            nextCursor: string | null;
        };
        /** ServiceProviderPage */
        ServiceProviderPage: {
            items: components["schemas"]["ServiceProvider"][];
            nextCursor: string | null;
        };
        /** ServiceProviderUser */
        ServiceProviderUser: {
            /** Format: date-time */
            createdAt: string;
            /** @description Lower-cased */
            email: string;
            /** Format: uuid */
            id: string;
            invitation?: components["schemas"]["InvitationState"];
            lastLoginAt: string | null;
            name: string | null;
            /** @enum {string} */
            role: "SERVICE_PROVIDER";
            /** Format: uuid */
            serviceProviderId: string;
            /** @description SUSPENDED (POST /v1/admin/users/{id}/suspend): cannot log in, 403 account_suspended */
            status: "ACTIVE" | "SUSPENDED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** ServiceProviderUserPage */
        ServiceProviderUserPage: {
            items: components["schemas"]["ServiceProviderUser"][];
            nextCursor: string | null;
        };
        /** ServiceProviderWithdrawn */
        ServiceProviderWithdrawn: {
            /** Format: uuid */
            id: string;
            /** @enum {boolean} */
            withdrawn: true;
        };
        /** SessionUser */
        SessionUser: {
            /** @description admins only */
            adminRole?: "SUPER_ADMIN" | "ADMIN";
            email: string;
            /** Format: uuid */
            id: string;
            merchantId: string | null;
            merchantName: string | null;
            merchantRole: ("OWNER" | "ADMIN" | "USER") | null;
            name: string | null;
            role: "ADMIN" | "MERCHANT_USER" | "CUSTOMER" | "SERVICE_PROVIDER";
            /**
             * Format: uuid
             * @description SERVICE_PROVIDER users only: their service provider
             */
            serviceProviderId?: string;
            /** @description SERVICE_PROVIDER users only: the name of their service provider */
            serviceProviderName?: string;
        };
        /** StaffInvitation */
        StaffInvitation: {
            adminRole: ("SUPER_ADMIN" | "ADMIN") | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The address invited (lower-cased): the sign-in name once accepted */
            email: string;
            /** Format: uuid */
            id: string;
            invitation: components["schemas"]["InvitationState"];
            merchantId: string | null;
            merchantRole: ("OWNER" | "ADMIN" | "USER") | null;
            name: string | null;
            role: "ADMIN" | "MERCHANT_USER" | "CUSTOMER" | "SERVICE_PROVIDER";
            serviceProviderId: string | null;
        };
        /** StaffUser */
        StaffUser: {
            adminRole: ("SUPER_ADMIN" | "ADMIN") | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Lower-cased */
            email: string;
            /** Format: uuid */
            id: string;
            invitation?: components["schemas"]["InvitationState"];
            lastLoginAt: string | null;
            merchantId: string | null;
            merchantRole: ("OWNER" | "ADMIN" | "USER") | null;
            name: string | null;
            role: "ADMIN" | "MERCHANT_USER" | "CUSTOMER" | "SERVICE_PROVIDER";
            /**
             * Format: uuid
             * @description SERVICE_PROVIDER users only: their service provider
             */
            serviceProviderId?: string;
            /** @description SUSPENDED: cannot log in, and every token of the user answers 403 account_suspended */
            status: "ACTIVE" | "SUSPENDED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** StaffUserPage */
        StaffUserPage: {
            items: components["schemas"]["StaffUser"][];
            nextCursor: string | null;
        };
        /** StaffUserRemoved */
        StaffUserRemoved: {
            /** @enum {boolean} */
            deleted: true;
            /** Format: uuid */
            id: string;
            /** @description Unfinished CSV imports of the user, stopped (FAILED) with the removal */
            stoppedImports: number;
        };
        /** WalletChallenge */
        WalletChallenge: {
            /** Format: date-time */
            expiresAt: string;
            /** @description the EIP-4361 message to sign, exactly as given */
            message: string;
            nonce: string;
        };
        /** WalletMint */
        WalletMint: {
            chainId: number | null;
            contractAddress: string | null;
            status: "PENDING" | "MINTING" | "MINTED" | "FAILED";
            tokenId: string | null;
            txHash: string | null;
            /** @description The public verification: {PUBLIC_API_URL}/v1/global/warranties/{warrantyCode}/verify */
            verificationUrl: string;
        };
        /** WalletWarranty */
        WalletWarranty: {
            claimedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description ISO 4217 code of the merchant's currency, the currency of purchasePrice */
            currency: string;
            /** @description Whole days until expiresAt (rounded up); 0 once expired */
            daysLeft: number;
            /** Format: date-time */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            invoiceNumber: string | null;
            /** Format: date-time */
            issuedAt: string;
            /** Format: uuid */
            merchantId: string;
            merchantName: string;
            mint: components["schemas"]["WalletMint"];
            product: components["schemas"]["WarrantyProduct"] | null;
            productName: string | null;
            purchaseDate: string | null;
            purchasePrice: number | null;
            serialNumber: string;
            /** @description EXPIRED once expiresAt has passed */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            updatedAt: string;
            warrantyCode: string;
        };
        /** WalletWarrantyPage */
        WalletWarrantyPage: {
            items: components["schemas"]["WalletWarranty"][];
            nextCursor: string | null;
        };
        /** Warranty */
        Warranty: {
            claimed: boolean;
            claimedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string | null;
            customerName: string | null;
            customerPhone: string | null;
            /** Format: date-time */
            expiresAt: string;
            globalProductId: string | null;
            /** Format: uuid */
            id: string;
            invoiceNumber: string | null;
            locationId: string | null;
            /** Format: uuid */
            merchantId: string;
            merchantProductId: string | null;
            mint: components["schemas"]["MintState"];
            product: components["schemas"]["WarrantyProduct"] | null;
            purchaseDate: string | null;
            purchasePrice: number | null;
            serialNumber: string;
            /** @description EXPIRED once expiresAt has passed */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            updatedAt: string;
            /** @description e.g. WR-7Q2K-9XMD-P4TB; accepted by the lookup route */
            warrantyCode: string;
            warrantyDurationMonths: number | null;
        };
        /** WarrantyDetail */
        WarrantyDetail: {
            claimed: boolean;
            claimedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string | null;
            customerName: string | null;
            customerPhone: string | null;
            /** Format: date-time */
            expiresAt: string;
            globalProductId: string | null;
            /** Format: uuid */
            id: string;
            invoiceNumber: string | null;
            locationId: string | null;
            /** Format: uuid */
            merchantId: string;
            merchantProductId: string | null;
            mint: components["schemas"]["MintState"];
            /** @description null when no claim e-mail was ever queued (no customer e-mail) */
            notificationDelivery: components["schemas"]["NotificationDelivery"] | null;
            product: components["schemas"]["WarrantyProduct"] | null;
            purchaseDate: string | null;
            purchasePrice: number | null;
            serialNumber: string;
            /** @description EXPIRED once expiresAt has passed */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            updatedAt: string;
            /** @description e.g. WR-7Q2K-9XMD-P4TB; accepted by the lookup route */
            warrantyCode: string;
            warrantyDurationMonths: number | null;
        };
        /** WarrantyImport */
        WarrantyImport: {
            bytes: number;
            /** @description Warranties issued */
            created: number;
            /** Format: date-time */
            createdAt: string;
            createdBy: string | null;
            error: string | null;
            /** @description Lines that issued nothing (each in the error report) */
            failed: number;
            finishedAt: string | null;
            /** Format: uuid */
            id: string;
            /** @description Data lines in the file (after the header, blank lines not counted) */
            lines: number;
            /** @description Lines answered so far: created + failed */
            processed: number;
            /** @description PENDING, RUNNING (some lines processed), DONE (every line answered) or FAILED */
            state: "PENDING" | "RUNNING" | "DONE" | "FAILED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** WarrantyImportPage */
        WarrantyImportPage: {
            items: components["schemas"]["WarrantyImport"][];
            nextCursor: string | null;
        };
        /** WarrantyImportWithErrors */
        WarrantyImportWithErrors: {
            bytes: number;
            /** @description Warranties issued */
            created: number;
            /** Format: date-time */
            createdAt: string;
            createdBy: string | null;
            error: string | null;
            errors: {
                /** @description By line number */
                items: components["schemas"]["ImportLineError"][];
                nextCursor: string | null;
                /** @description Line errors of the import so far */
                total: number;
            };
            /** @description Lines that issued nothing (each in the error report) */
            failed: number;
            finishedAt: string | null;
            /** Format: uuid */
            id: string;
            /** @description Data lines in the file (after the header, blank lines not counted) */
            lines: number;
            /** @description Lines answered so far: created + failed */
            processed: number;
            /** @description PENDING, RUNNING (some lines processed), DONE (every line answered) or FAILED */
            state: "PENDING" | "RUNNING" | "DONE" | "FAILED";
            /** Format: date-time */
            updatedAt: string;
        };
        /** WarrantyOwnership */
        WarrantyOwnership: {
            changes: {
                /** Format: date-time */
                at: string;
                kind: "EXPORT" | "CHAIN_TRANSFER" | "RESALE";
                txHash: string | null;
            }[];
            /** @description `custodial` (held by the service) or the holder address */
            holder: string;
            transfer: {
                blockNumber: number | null;
                error: string | null;
                /** Format: date-time */
                requestedAt: string;
                status: "PENDING" | "SENT" | "CONFIRMED" | "FAILED";
                toAddress: string;
                txHash: string | null;
            } | null;
        };
        /** WarrantyPage */
        WarrantyPage: {
            items: components["schemas"]["Warranty"][];
            nextCursor: string | null;
        };
        /** WarrantyProduct */
        WarrantyProduct: {
            brand: string | null;
            model: string | null;
            title: string | null;
        };
        /** WarrantyWithNotification */
        WarrantyWithNotification: {
            claimed: boolean;
            claimedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string | null;
            customerName: string | null;
            customerPhone: string | null;
            /** Format: date-time */
            expiresAt: string;
            globalProductId: string | null;
            /** Format: uuid */
            id: string;
            invoiceNumber: string | null;
            locationId: string | null;
            /** Format: uuid */
            merchantId: string;
            merchantProductId: string | null;
            mint: components["schemas"]["MintState"];
            /** @description queued: a claim link e-mail is on its way; none: no claim link is e-mailed */
            notification: "queued" | "none";
            product: components["schemas"]["WarrantyProduct"] | null;
            purchaseDate: string | null;
            purchasePrice: number | null;
            serialNumber: string;
            /** @description EXPIRED once expiresAt has passed */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            updatedAt: string;
            /** @description e.g. WR-7Q2K-9XMD-P4TB; accepted by the lookup route */
            warrantyCode: string;
            warrantyDurationMonths: number | null;
        };
        /** WebhookDelivery */
        WebhookDelivery: {
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            deliveredAt: string | null;
            /** Format: uuid */
            endpointId: string;
            /** @description The Webhook-Id header: the same for every retry and replay */
            eventId: string;
            eventType: string;
            /** Format: uuid */
            id: string;
            lastError: string | null;
            lastStatusCode: number | null;
            nextAttemptAt: string | null;
            /** @description The JSON body sent: {id, type, createdAt, data} */
            payload: unknown;
            replayOf: string | null;
            status: "PENDING" | "DELIVERED" | "FAILED";
        };
        /** WebhookDeliveryPage */
        WebhookDeliveryPage: {
            items: components["schemas"]["WebhookDelivery"][];
            nextCursor: string | null;
        };
        /** WebhookEndpoint */
        WebhookEndpoint: {
            /** Format: date-time */
            createdAt: string;
            disabledReason: string | null;
            events: string[];
            failingSince: string | null;
            /** Format: uuid */
            id: string;
            previousSecretExpiresAt: string | null;
            status: "ACTIVE" | "DISABLED";
            /** Format: date-time */
            updatedAt: string;
            url: string;
        };
        /** WebhookEndpointPage */
        WebhookEndpointPage: {
            items: components["schemas"]["WebhookEndpoint"][];
            nextCursor: string | null;
        };
        /** WebhookEndpointWithSecret */
        WebhookEndpointWithSecret: {
            /** Format: date-time */
            createdAt: string;
            disabledReason: string | null;
            events: string[];
            failingSince: string | null;
            /** Format: uuid */
            id: string;
            previousSecretExpiresAt: string | null;
            /** @description The signing secret (`whsec_…`), shown only in this answer */
            secret: string;
            status: "ACTIVE" | "DISABLED";
            /** Format: date-time */
            updatedAt: string;
            url: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    describeResolver: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        linkTypeDefaultCanBeLinkset: boolean;
                        name: string;
                        /** Format: uri */
                        resolverRoot: string;
                        supportedLinkType: {
                            /** Format: uri */
                            namespace: string;
                            prefix: string;
                        }[];
                        supportedPrimaryKeys: string[];
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resolveProduct: {
        parameters: {
            query?: {
                /** @description `linkset` (or `all`): the linkset; a GS1 link type (`gs1:pip` or its IRI): a redirect to that link, 404 when the item has none */
                linkType?: string;
            };
            header?: never;
            path: {
                /** @description A GTIN-8, -12, -13 or -14 with its check digit (400 `invalid_gtin` otherwise) */
                gtin: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The linkset (RFC 9264), for `linkType=linkset` or `Accept: application/linkset+json` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/linkset+json": {
                        linkset: ({
                            /** Format: uri */
                            anchor: string;
                        } & {
                            [key: string]: {
                                /** Format: uri */
                                href: string;
                                hreflang?: string[];
                                title: string;
                                type: string;
                            }[];
                        })[];
                    };
                };
            };
            /** @description The default link, or the link of the requested `linkType` */
            307: {
                headers: {
                    /** @description The linkset of the URI (rel="linkset") and each link (RFC 8288) */
                    link?: string;
                    /** @description The link */
                    location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resolveItem: {
        parameters: {
            query?: {
                /** @description `linkset` (or `all`): the linkset; a GS1 link type (`gs1:pip` or its IRI): a redirect to that link, 404 when the item has none */
                linkType?: string;
            };
            header?: never;
            path: {
                /** @description A GTIN-8, -12, -13 or -14 with its check digit (400 `invalid_gtin` otherwise) */
                gtin: string;
                /** @description The serial number (AI 21): 1 to 20 of A-Z a-z 0-9 !%&'()*+,-./:;<=>?_ */
                serial: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The linkset (RFC 9264), for `linkType=linkset` or `Accept: application/linkset+json` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/linkset+json": {
                        linkset: ({
                            /** Format: uri */
                            anchor: string;
                        } & {
                            [key: string]: {
                                /** Format: uri */
                                href: string;
                                hreflang?: string[];
                                title: string;
                                type: string;
                            }[];
                        })[];
                    };
                };
            };
            /** @description The default link, or the link of the requested `linkType` */
            307: {
                headers: {
                    /** @description The linkset of the URI (rel="linkset") and each link (RFC 8288) */
                    link?: string;
                    /** @description The link */
                    location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getIpfsContent: {
        parameters: {
            query?: {
                /** @description CAR only: which blocks of the terminal element (default `all`) */
                "dag-scope"?: "block" | "entity" | "all";
                /** @description URL alternative to `Accept: application/vnd.ipld.raw` or `application/vnd.ipld.car` */
                format?: "raw" | "car";
            };
            header?: never;
            path: {
                /** @description A CID: CIDv1 (base32 `bafy…`/`bafk…`, base36 `k…`) or CIDv0 (`Qm…`) */
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file bytes (application/json or application/octet-stream), or for a directory a JSON listing {cid, entries: [{name, cid, size}]}; with `format=raw` / `Accept: application/vnd.ipld.raw` the block itself, with `format=car` / `Accept: application/vnd.ipld.car` a CARv1 of the blocks (IPFS trustless gateway) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Not modified: the If-None-Match ETag matches */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getIpfsContentByPath: {
        parameters: {
            query?: {
                /** @description CAR only: which blocks of the terminal element (default `all`) */
                "dag-scope"?: "block" | "entity" | "all";
                /** @description URL alternative to `Accept: application/vnd.ipld.raw` or `application/vnd.ipld.car` */
                format?: "raw" | "car";
            };
            header?: never;
            path: {
                /** @description A CID: CIDv1 (base32 `bafy…`/`bafk…`, base36 `k…`) or CIDv0 (`Qm…`) */
                cid: string;
                /** @description The rest of the path (names through directories), e.g. a token id */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file bytes (application/json or application/octet-stream), or for a directory a JSON listing {cid, entries: [{name, cid, size}]}; with `format=raw` / `Accept: application/vnd.ipld.raw` the block itself, with `format=car` / `Accept: application/vnd.ipld.car` a CARv1 of the blocks (IPFS trustless gateway) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Not modified: the If-None-Match ETag matches */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            [key: string]: {
                                latencyMs: number;
                                reason?: string;
                                status: "ok" | "fail";
                            };
                        };
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            [key: string]: {
                                latencyMs: number;
                                reason?: string;
                                status: "ok" | "fail";
                            };
                        };
                        /** @enum {string} */
                        error: "unavailable";
                        message: string;
                    };
                };
            };
        };
    };
    listAdmins: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUserPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Default ADMIN
                     * @default ADMIN
                     */
                    adminRole?: "SUPER_ADMIN" | "ADMIN";
                    /** Format: email */
                    email: string;
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    inviteAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Default ADMIN
                     * @default ADMIN
                     */
                    adminRole?: "SUPER_ADMIN" | "ADMIN";
                    /** Format: email */
                    email: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffInvitation"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description e.g. `merchant.update` (exact match) */
                action?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                targetId?: string;
                /** @description e.g. `merchant`, `merchant_user`, `global_product` */
                targetType?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditRecordPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listGlobalProducts: {
        parameters: {
            query?: {
                /** @description Brand contains (case-insensitive) */
                brand?: string;
                /** @description Category contains (case-insensitive) */
                category?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description Model contains (case-insensitive) */
                model?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlobalProductPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createGlobalProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    brand: string;
                    category: string;
                    /** @description GTIN-8, -12, -13 or -14 (digits only) with a correct GS1 check digit */
                    gtin?: string;
                    /**
                     * Format: uri
                     * @description An http(s):// or ipfs:// URI
                     */
                    imageUrl?: string;
                    model: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlobalProduct"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateGlobalProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change; null clears gtin or imageUrl */
        requestBody: {
            content: {
                "application/json": {
                    brand?: string;
                    category?: string;
                    gtin?: string | null;
                    imageUrl?: string | null;
                    model?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlobalProduct"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteGlobalProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                        /** @description Merchant products that referred to it; their globalProductId is now null */
                        unlinkedMerchantProducts: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMerchants: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description Name contains (case-insensitive) */
                q?: string;
                /** @description SUSPENDED: its users cannot log in and their tokens are refused (403 merchant_suspended) */
                status?: "ACTIVE" | "SUSPENDED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address?: string;
                    /** Format: email */
                    contactEmail?: string;
                    /** @description ISO 4217 code of the currency the merchant prices in (upper case), e.g. EUR, USD, GBP; EUR unless set */
                    currency?: string;
                    name: string;
                    phone?: string;
                    taxId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change; null clears a field */
        requestBody: {
            content: {
                "application/json": {
                    address?: string | null;
                    contactEmail?: string | null;
                    /** @description ISO 4217 code of the currency the merchant prices in (upper case), e.g. EUR, USD, GBP; EUR unless set */
                    currency?: string;
                    name?: string;
                    phone?: string | null;
                    /** @description SUSPENDED: its users cannot log in and their tokens are refused (403 merchant_suspended) */
                    status?: "ACTIVE" | "SUSPENDED";
                    taxId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    inviteMerchantUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /**
                     * @description OWNER and ADMIN also manage products and sender addresses; default USER
                     * @default USER
                     */
                    merchantRole?: "OWNER" | "ADMIN" | "USER";
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffInvitation"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMerchantUsers: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantUserPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createMerchantUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /**
                     * @description OWNER and ADMIN also manage products and sender addresses; default USER
                     * @default USER
                     */
                    merchantRole?: "OWNER" | "ADMIN" | "USER";
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantUser"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listServiceProviders: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description Name contains (case-insensitive) */
                q?: string;
                /** @description SUSPENDED: its users cannot log in and their tokens are refused (403 provider_suspended) */
                status?: "ACTIVE" | "SUSPENDED";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProviderPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createServiceProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address?: string;
                    /** Format: email */
                    contactEmail: string;
                    /** @description Unique among service providers, case-insensitively */
                    name: string;
                    phone?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProvider"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getServiceProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProvider"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateServiceProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change; null clears a field */
        requestBody: {
            content: {
                "application/json": {
                    address?: string | null;
                    /** Format: email */
                    contactEmail?: string;
                    name?: string;
                    phone?: string | null;
                    /** @description SUSPENDED: its users cannot log in and their tokens are refused (403 provider_suspended) */
                    status?: "ACTIVE" | "SUSPENDED";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProvider"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    inviteServiceProviderUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffInvitation"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listServiceProviderUsers: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProviderUserPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createServiceProviderUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProviderUser"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPlatformStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Platform statistics, computed in one consistent snapshot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Warranty claims of every merchant */
                        claims: {
                            /** @description Claims by state (docs/claims.md) */
                            byStatus: {
                                /** @description Claims in APPROVED */
                                APPROVED: number;
                                /** @description Claims in ASSIGNED */
                                ASSIGNED: number;
                                /** @description Claims in CANCELLED */
                                CANCELLED: number;
                                /** @description Claims in DENIED */
                                DENIED: number;
                                /** @description Claims in IN_REPAIR */
                                IN_REPAIR: number;
                                /** @description Claims in INFO_REQUESTED */
                                INFO_REQUESTED: number;
                                /** @description Claims in RESOLVED */
                                RESOLVED: number;
                                /** @description Claims in SUBMITTED */
                                SUBMITTED: number;
                            };
                            /** @description Claims not yet denied, resolved or cancelled */
                            open: number;
                            /** @description Every claim */
                            total: number;
                        };
                        /** @description Customer accounts (the same as users.byRole.CUSTOMER) */
                        customers: number;
                        /** Format: date-time */
                        generatedAt: string;
                        /** @description Products in the public catalogue */
                        globalProducts: number;
                        /** @description Merchant products, deleted ones excluded */
                        merchantProducts: number;
                        /** @description Merchants (organisations) */
                        merchants: {
                            /** @description Merchants by status */
                            byStatus: {
                                /** @description Active */
                                ACTIVE: number;
                                /** @description Suspended */
                                SUSPENDED: number;
                            };
                            /** @description Every merchant */
                            total: number;
                        };
                        /** @description Warranties by mint status (every status present, 0 when none) */
                        mints: {
                            /** @description Mint failed for good; retry-mint can restart it */
                            FAILED: number;
                            /** @description Certificate on chain */
                            MINTED: number;
                            /** @description In a mint transaction not yet confirmed */
                            MINTING: number;
                            /** @description Waiting for the mint job */
                            PENDING: number;
                        };
                        /** @description Service providers (repair shops, service centres) */
                        serviceProviders: {
                            /** @description Service providers by status */
                            byStatus: {
                                /** @description Active */
                                ACTIVE: number;
                                /** @description Suspended */
                                SUSPENDED: number;
                            };
                            /** @description Every service provider */
                            total: number;
                        };
                        /** @description User accounts */
                        users: {
                            /** @description Users by role */
                            byRole: {
                                /** @description Admins */
                                ADMIN: number;
                                /** @description Customers */
                                CUSTOMER: number;
                                /** @description Merchant users (any merchant role, any merchant status) */
                                MERCHANT_USER: number;
                                /** @description Service providers */
                                SERVICE_PROVIDER: number;
                            };
                            /** @description Every user account of any role */
                            total: number;
                        };
                        /** @description Warranties of every merchant */
                        warranties: {
                            /** @description expiresAt is in the future */
                            active: number;
                            /** @description Claimed by a customer (claimedAt set), expired or not */
                            claimed: number;
                            /** @description expiresAt is now or past */
                            expired: number;
                            /** @description Every warranty issued */
                            total: number;
                        };
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    removeStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUserRemoved"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revokeStaffInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationRevoked"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendStaffInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffInvitation"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reactivateStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    suspendStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        changed: true;
                        /** @description A fresh JWT: every token issued before the change is now rejected */
                        token: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    checkInvitation: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationCheck"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    checkPasswordReset: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetCheck"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newPassword: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    claimWarranties: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The claim id of the e-mailed claim link */
                    claimId: string;
                    /** Format: uuid */
                    focusWarrantyId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimSession"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    useMagicLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token of the e-mailed sign-in link */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerSession"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    requestAccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendClaimLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A claim id, also an expired or used one */
                    claimId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    validateMagicLink: {
        parameters: {
            query: {
                /** @description The token of the e-mailed sign-in link */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkCheck"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    validateClaimLink: {
        parameters: {
            query: {
                /** @description The claim id of the e-mailed claim link */
                claimId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkCheck"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeed"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revokeCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        revoked: true;
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMyClaims: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                status?: "SUBMITTED" | "INFO_REQUESTED" | "APPROVED" | "DENIED" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CANCELLED";
                warrantyId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMyClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelMyClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    writeMyClaimMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The message */
                    body: string;
                    /** @description Up to 4 photos, 6 MB in all (scale them first): type sniffed, re-encoded, metadata removed */
                    photos?: string[];
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMyClaimPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                photoId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getInboxAddresses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboxAddresses"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCustomerProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerProfile"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateCustomerProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    language?: ("en" | "de" | "fr") | null;
                    reminderDaysBeforeExpiry?: number;
                    subscriptionTier?: "FREE" | "PAID";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerProfile"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    registerPushDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    platform: "ios" | "android";
                    /** @description The FCM registration token or APNs device token (printable ASCII, no spaces) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushDevice"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unregisterPushDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Without `token`: every device of the caller */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The FCM registration token or APNs device token (printable ASCII, no spaces) */
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many of the caller’s devices were removed */
                        removed: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listReceipts: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                folderId?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description Case-insensitive text in the extracted merchant or raw text */
                q?: string;
                /** @description Receipts proving this warranty */
                warrantyId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            byteSize: number;
                            /** @description Sniffed from the bytes, never taken from the client */
                            contentType: string;
                            /** Format: date-time */
                            createdAt: string;
                            folderId: string | null;
                            height: number | null;
                            /** Format: uuid */
                            id: string;
                            /** @description The stored image (bearer token required) */
                            imageUrl: string;
                            ocrData: {
                                /** @description As read; ISO YYYY-MM-DD when OCR read it */
                                date?: string;
                                items?: {
                                    name: string;
                                    price?: string;
                                }[];
                                merchant?: string;
                                rawText?: string;
                                total?: string;
                            } | null;
                            /** @description NONE: saved with the client’s data; PENDING: OCR runs after the save; DONE or FAILED */
                            ocrStatus: "NONE" | "PENDING" | "DONE" | "FAILED";
                            source: "upload" | "email";
                            suggestedWarrantyId: string | null;
                            thumbnailUrl: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            warrantyId: string | null;
                            width: number | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    saveReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    folderId?: string;
                    /** @description The photo or scan (JPEG, PNG, WebP, HEIC, PDF), standard base64 without a data: prefix */
                    imageBase64: string;
                    ocrData?: {
                        /** @description As read; ISO YYYY-MM-DD when OCR read it */
                        date?: string;
                        items?: {
                            name: string;
                            price?: string;
                        }[];
                        merchant?: string;
                        rawText?: string;
                        total?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byteSize: number;
                        /** @description Sniffed from the bytes, never taken from the client */
                        contentType: string;
                        /** Format: date-time */
                        createdAt: string;
                        folderId: string | null;
                        height: number | null;
                        /** Format: uuid */
                        id: string;
                        /** @description The stored image (bearer token required) */
                        imageUrl: string;
                        ocrData: {
                            /** @description As read; ISO YYYY-MM-DD when OCR read it */
                            date?: string;
                            items?: {
                                name: string;
                                price?: string;
                            }[];
                            merchant?: string;
                            rawText?: string;
                            total?: string;
                        } | null;
                        /** @description NONE: saved with the client’s data; PENDING: OCR runs after the save; DONE or FAILED */
                        ocrStatus: "NONE" | "PENDING" | "DONE" | "FAILED";
                        source: "upload" | "email";
                        suggestedWarrantyId: string | null;
                        thumbnailUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        warrantyId: string | null;
                        width: number | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byteSize: number;
                        /** @description Sniffed from the bytes, never taken from the client */
                        contentType: string;
                        /** Format: date-time */
                        createdAt: string;
                        folderId: string | null;
                        height: number | null;
                        /** Format: uuid */
                        id: string;
                        imageBase64: string;
                        /** @description The stored image (bearer token required) */
                        imageUrl: string;
                        ocrData: {
                            /** @description As read; ISO YYYY-MM-DD when OCR read it */
                            date?: string;
                            items?: {
                                name: string;
                                price?: string;
                            }[];
                            merchant?: string;
                            rawText?: string;
                            total?: string;
                        } | null;
                        /** @description NONE: saved with the client’s data; PENDING: OCR runs after the save; DONE or FAILED */
                        ocrStatus: "NONE" | "PENDING" | "DONE" | "FAILED";
                        source: "upload" | "email";
                        suggestedWarrantyId: string | null;
                        thumbnailUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        warrantyId: string | null;
                        width: number | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    editReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description As read; ISO YYYY-MM-DD when OCR read it */
                    date?: string;
                    items?: {
                        name: string;
                        price?: string;
                    }[];
                    merchant?: string;
                    total?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byteSize: number;
                        /** @description Sniffed from the bytes, never taken from the client */
                        contentType: string;
                        /** Format: date-time */
                        createdAt: string;
                        folderId: string | null;
                        height: number | null;
                        /** Format: uuid */
                        id: string;
                        /** @description The stored image (bearer token required) */
                        imageUrl: string;
                        ocrData: {
                            /** @description As read; ISO YYYY-MM-DD when OCR read it */
                            date?: string;
                            items?: {
                                name: string;
                                price?: string;
                            }[];
                            merchant?: string;
                            rawText?: string;
                            total?: string;
                        } | null;
                        /** @description NONE: saved with the client’s data; PENDING: OCR runs after the save; DONE or FAILED */
                        ocrStatus: "NONE" | "PENDING" | "DONE" | "FAILED";
                        source: "upload" | "email";
                        suggestedWarrantyId: string | null;
                        thumbnailUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        warrantyId: string | null;
                        width: number | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    moveReceiptToFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    folderId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byteSize: number;
                        /** @description Sniffed from the bytes, never taken from the client */
                        contentType: string;
                        /** Format: date-time */
                        createdAt: string;
                        folderId: string | null;
                        height: number | null;
                        /** Format: uuid */
                        id: string;
                        /** @description The stored image (bearer token required) */
                        imageUrl: string;
                        ocrData: {
                            /** @description As read; ISO YYYY-MM-DD when OCR read it */
                            date?: string;
                            items?: {
                                name: string;
                                price?: string;
                            }[];
                            merchant?: string;
                            rawText?: string;
                            total?: string;
                        } | null;
                        /** @description NONE: saved with the client’s data; PENDING: OCR runs after the save; DONE or FAILED */
                        ocrStatus: "NONE" | "PENDING" | "DONE" | "FAILED";
                        source: "upload" | "email";
                        suggestedWarrantyId: string | null;
                        thumbnailUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        warrantyId: string | null;
                        width: number | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getReceiptImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    shareReceiptByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    toEmail: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        receiptId: string;
                        revokedAt: string | null;
                        status: "ACTIVE" | "EXPIRED" | "REVOKED";
                        toEmail: string | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createReceiptShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        receiptId: string;
                        revokedAt: string | null;
                        status: "ACTIVE" | "EXPIRED" | "REVOKED";
                        toEmail: string | null;
                        /** @description The link; only its hash is stored, so it cannot be shown again */
                        url: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listReceiptShares: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            receiptId: string;
                            revokedAt: string | null;
                            status: "ACTIVE" | "EXPIRED" | "REVOKED";
                            toEmail: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getReceiptThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    confirmReceiptWarranty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    warrantyId: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byteSize: number;
                        /** @description Sniffed from the bytes, never taken from the client */
                        contentType: string;
                        /** Format: date-time */
                        createdAt: string;
                        folderId: string | null;
                        height: number | null;
                        /** Format: uuid */
                        id: string;
                        /** @description The stored image (bearer token required) */
                        imageUrl: string;
                        ocrData: {
                            /** @description As read; ISO YYYY-MM-DD when OCR read it */
                            date?: string;
                            items?: {
                                name: string;
                                price?: string;
                            }[];
                            merchant?: string;
                            rawText?: string;
                            total?: string;
                        } | null;
                        /** @description NONE: saved with the client’s data; PENDING: OCR runs after the save; DONE or FAILED */
                        ocrStatus: "NONE" | "PENDING" | "DONE" | "FAILED";
                        source: "upload" | "email";
                        suggestedWarrantyId: string | null;
                        thumbnailUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        warrantyId: string | null;
                        width: number | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listReceiptFolders: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            receiptCount: number;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createReceiptFolder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per customer, compared case-insensitively */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        receiptCount: number;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteReceiptFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                        /** @description Receipts that were in it, now in no folder */
                        unfiledReceipts: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    renameReceiptFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per customer, compared case-insensitively */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        receiptCount: number;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The image (JPEG, PNG, WebP, TIFF, GIF, AVIF) or PDF, standard base64 without a data: prefix */
                    imageBase64: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description how sure each field is, 0..1; low when it is a guess */
                        confidence: {
                            currency: number;
                            date: number;
                            items: number;
                            merchant: number;
                            total: number;
                        };
                        currency: string | null;
                        date: string | null;
                        items: {
                            name: string;
                            /** @description the line amount; negative for a discount */
                            price: number;
                            quantity: number | null;
                        }[];
                        merchant: string | null;
                        rawText: string;
                        total: number | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revokeReceiptShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        receiptId: string;
                        revokedAt: string | null;
                        status: "ACTIVE" | "EXPIRED" | "REVOKED";
                        toEmail: string | null;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMyRegistrations: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                status?: "PENDING" | "APPROVED" | "REFUSED" | "DISPUTE";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    registerProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A GTIN-8, -12, -13 or -14 with its check digit (400 `invalid_gtin` otherwise) */
                    gtin: string;
                    /**
                     * Format: date
                     * @description A calendar day, YYYY-MM-DD
                     */
                    purchaseDate: string;
                    /** Format: uuid */
                    receiptId: string;
                    /** @description The serial number (AI 21): 1 to 20 of A-Z a-z 0-9 !%&'()*+,-./:;<=>?_ */
                    serialNumber: string;
                    shop?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMyRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description true: every session of this customer ends, this one too
                     * @enum {boolean}
                     */
                    confirm: true;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWallets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["LinkedWallet"][];
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    linkWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                    signature: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedWallet"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unlinkWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description an EVM address (0x + 40 hex) */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createWalletChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an EVM address (0x + 40 hex) */
                    address: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletChallenge"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCustomerWarranties: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description active: not expired; expiring: not expired and expiring within reminderDaysBeforeExpiry days; expired */
                status?: "active" | "expiring" | "expired";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletWarrantyPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCustomerWarranty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletWarranty"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    openClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    category: "NOT_WORKING" | "DEFECT" | "BATTERY" | "DISPLAY" | "DAMAGE" | "OTHER";
                    /** @description What is wrong, in the customer’s words */
                    description: string;
                    /** @description Up to 4 photos, 6 MB in all (scale them first): type sniffed, re-encoded, metadata removed */
                    photos?: string[];
                    /** Format: uuid */
                    receiptId?: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    exportWarranty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an EVM address (0x + 40 hex) */
                    address: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyOwnership"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    giveWarranty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResaleOffer"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWarrantyOwnership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyOwnership"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of the feed URL, usually with its ".ics" ending */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDigitalLinkQr: {
        parameters: {
            query: {
                /** @description svg (default) or png */
                format?: "svg" | "png";
                /** @description A GTIN-8, -12, -13 or -14 with its check digit (400 `invalid_gtin` otherwise) */
                gtin: string;
                /** @description The serial number (AI 21): 1 to 20 of A-Z a-z 0-9 !%&'()*+,-./:;<=>?_ */
                serial?: string;
                /** @description PNG width in pixels, 64 to 2048 */
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The QR code */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    receiveInboundEmail: {
        parameters: {
            query: {
                /** @description The envelope sender (MAIL FROM); absent or empty for the null sender */
                from?: string;
                /** @description The name that client gave in EHLO/HELO */
                helo?: string;
                /** @description The IP address of the client that sent the message to the provider (for SPF) */
                ip?: string;
                /** @description The envelope recipient: a customer inbox address */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "message/rfc822": string;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The message had been received before: nothing new was created */
                        duplicate: boolean;
                        /** Format: uuid */
                        inboundMessageId: string;
                        /** @description Receipts created from the message (the first time) */
                        receipts: number;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    runWarrantyReminders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReminderRunResult"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    searchGlobalProducts: {
        parameters: {
            query?: {
                /** @description Brand contains (case-insensitive) */
                brand?: string;
                /** @description Category contains (case-insensitive) */
                category?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description Model contains (case-insensitive) */
                model?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlobalProductPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    previewSharedReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shared receipt: its image (imageUrl) and extracted data, nothing of its owner */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expiresAt: string;
                        receipt: {
                            byteSize: number;
                            contentType: string;
                            /** Format: date-time */
                            createdAt: string;
                            height: number | null;
                            /** @description The image, public while the link works */
                            imageUrl: string;
                            ocrData: {
                                /** @description As read; ISO YYYY-MM-DD when OCR read it */
                                date?: string;
                                items?: {
                                    name: string;
                                    price?: string;
                                }[];
                                merchant?: string;
                                rawText?: string;
                                total?: string;
                            } | null;
                            width: number | null;
                        };
                    };
                    "text/html": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown, expired or revoked link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                    "text/html": string;
                };
            };
        };
    };
    getSharedReceiptImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    checkRegistration: {
        parameters: {
            query: {
                /** @description A GTIN-8, -12, -13 or -14 with its check digit (400 `invalid_gtin` otherwise) */
                gtin: string;
                /** @description The serial number (AI 21): 1 to 20 of A-Z a-z 0-9 !%&'()*+,-./:;<=>?_ */
                serial: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationCheck"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verifySenderAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address is verified */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {boolean} */
                        verified: true;
                    };
                    "text/html": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unknown, expired, replaced or already used token */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                    "text/html": string;
                };
            };
        };
    };
    verifyCertificate: {
        parameters: {
            query?: {
                serialNumber?: string;
            };
            header?: never;
            path: {
                warrantyCode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificateVerification"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getClaimSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimSettings"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putClaimSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Approve every claim on these products of yours */
                    autoApproveProductIds: string[];
                    autoApproveWithinDays: number | null;
                    /** @description A repair extends coverage by this many days (0: not at all) */
                    repairExtensionDays: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimSettings"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getClaimStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimStats"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMerchantClaims: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                merchantProductId?: string;
                /** @description Opened more than this many days ago */
                olderThanDays?: number;
                serviceProviderId?: string;
                status?: "SUBMITTED" | "INFO_REQUESTED" | "APPROVED" | "DENIED" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CANCELLED";
                warrantyId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMerchantClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approveClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A note for the timeline (shown to the customer) */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    assignClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A note for the provider and the timeline */
                    note?: string;
                    /** Format: uuid */
                    serviceProviderId: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    denyClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why the claim is denied (shown to the customer) */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    writeMerchantClaimMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The message */
                    body: string;
                    /** @description Up to 4 photos, 6 MB in all (scale them first): type sniffed, re-encoded, metadata removed */
                    photos?: string[];
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMerchantClaimPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                photoId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    requestClaimInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the customer should answer */
                    question: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resolveClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A public note on the outcome: part of the service history, so no e-mail or phone number */
                    note?: string;
                    outcome: "REPAIRED" | "REPLACED" | "REFUNDED" | "NOT_COVERED";
                    replacementSerial?: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    inviteTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /**
                     * @description OWNER and ADMIN also manage products and sender addresses; default USER
                     * @default USER
                     */
                    merchantRole?: "OWNER" | "ADMIN" | "USER";
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffInvitation"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMerchantProducts: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description Title or SKU contains (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantProductPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createMerchantProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    globalProductId?: string;
                    /** @description GTIN-8, -12, -13 or -14 (digits only) with a correct GS1 check digit */
                    gtin?: string;
                    /** @description Unique within the merchant, case-sensitive */
                    merchantSku: string;
                    /** @description Greater than 0, at most 2 decimals */
                    price?: number;
                    title: string;
                    /** @description Warranty length in months, 1 to 1200 */
                    warrantyDurationMonths?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantProduct"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateMerchantProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product id; anything but an id of yours answers 404 */
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields sent change; null clears a field */
        requestBody: {
            content: {
                "application/json": {
                    globalProductId?: string | null;
                    gtin?: string | null;
                    /** @description Unique within the merchant, case-sensitive */
                    merchantSku?: string;
                    price?: number | null;
                    title?: string;
                    warrantyDurationMonths?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantProduct"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteMerchantProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The product id; anything but an id of yours answers 404 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    printProductLabels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 120 serial numbers, one label each */
                    serials: string[];
                };
            };
        };
        responses: {
            /** @description The label sheet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRegistrationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationSettings"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setRegistrationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    autoApproveMaxAgeDays: number | null;
                    coverageMonths: number;
                    /** @description PURCHASE_DATE: from the receipt's date; REGISTRATION_DATE: from the day of registration */
                    coverageStart: "PURCHASE_DATE" | "REGISTRATION_DATE";
                    enabled: boolean;
                    /** @description Refuse serials the merchant did not upload */
                    requireKnownSerial: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationSettings"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    uploadKnownSerials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    serials: string[];
                } | string;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SerialUpload"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKnownSerialsUpload: {
        parameters: {
            query?: {
                /** @description The errors after this line */
                errorsAfterLine?: number;
                errorsLimit?: number;
            };
            header?: never;
            path: {
                id: string;
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SerialUploadWithErrors"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listRegistrations: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                status?: "PENDING" | "APPROVED" | "REFUSED" | "DISPUTE";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approveRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    refuseRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listSenderAddresses: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderAddressPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    registerSenderAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderAddress"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteSenderAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendSenderVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderAddress"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAllowedServiceProviders: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowedServiceProviderPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    allowServiceProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllowedServiceProvider"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdrawServiceProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProviderWithdrawn"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listServiceProviderDirectory: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                /** @description Name contains (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceProviderListingPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMerchantSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantSettings"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateMerchantSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The merchant's currency (OWNER or ADMIN) */
        requestBody: {
            content: {
                "application/json": {
                    /** @description ISO 4217 code of the currency the merchant prices in (upper case), e.g. EUR, USD, GBP; EUR unless set */
                    currency: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantSettings"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMerchantStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's merchant's dashboard, computed in one consistent snapshot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        generatedAt: string;
                        /** @description Warranties issued per UTC day over the last 30 days (today included), oldest first */
                        issuedPerDay: {
                            /** @description Warranties issued that day */
                            count: number;
                            /**
                             * Format: date
                             * @description A UTC day, YYYY-MM-DD
                             */
                            date: string;
                        }[];
                        /** @description Warranties by mint status (every status present, 0 when none) */
                        mints: {
                            /** @description Mint failed for good; retry-mint can restart it */
                            FAILED: number;
                            /** @description Certificate on chain */
                            MINTED: number;
                            /** @description In a mint transaction not yet confirmed */
                            MINTING: number;
                            /** @description Waiting for the mint job */
                            PENDING: number;
                        };
                        /** @description The merchant's products, deleted ones excluded */
                        products: number;
                        /** @description The merchant's warranties */
                        warranties: {
                            /** @description expiresAt is in the future */
                            active: number;
                            /** @description Claimed by a customer (claimedAt set), expired or not */
                            claimed: number;
                            /** @description expiresAt is now or past */
                            expired: number;
                            /** @description Active and expiring within the next 30 days */
                            expiringIn30Days: number;
                            /** @description Every warranty issued */
                            total: number;
                        };
                    };
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTeamMembers: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantUserPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    removeTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUserRemoved"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revokeTeamMemberInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationRevoked"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendTeamMemberInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffInvitation"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reactivateTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    suspendTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWarranties: {
        parameters: {
            query?: {
                claimed?: boolean;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                mintStatus?: "PENDING" | "MINTING" | "MINTED" | "FAILED";
                productId?: string;
                /** @description Contained (any case) in the serial number, warranty code, customer e-mail or invoice number */
                q?: string;
                status?: "active" | "expired";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWarranty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listServiceEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceHistory"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    recordServiceEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description public, permanent: what happened, without any personal data */
                    description: string;
                    /**
                     * Format: date-time
                     * @description EXTENDED (required), REPLACED (optional): the new expiry
                     */
                    expiresAt?: string;
                    kind: "CLAIM_OPENED" | "REPAIRED" | "REPLACED" | "EXTENDED" | "VOIDED";
                    /** @description REPLACED: the new serial */
                    serialNumber?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceHistory"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendWarrantyNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyWithNotification"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    retryWarrantyMint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Warranty"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    issueWarrantiesBulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to the same key and body for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 1000 warranties, each with the fields and rules of one issue */
                    items: {
                        /** Format: email */
                        customerEmail?: string;
                        customerName?: string;
                        customerPhone?: string;
                        /** Format: date-time */
                        expiresAt?: string;
                        /** Format: uuid */
                        globalProductId?: string;
                        invoiceNumber?: string;
                        /** Format: uuid */
                        locationId?: string;
                        /** Format: uuid */
                        merchantProductId?: string;
                        /** Format: date-time */
                        purchaseDate?: string;
                        /** @description Greater than 0, at most 2 decimals, at most 999999999999.99 */
                        purchasePrice?: number;
                        /** @description Stored trimmed; compared case-insensitively */
                        serialNumber: string;
                        warrantyDurationMonths?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkIssueResponse"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWarrantyImports: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyImportPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    importWarranties: {
        parameters: {
            query?: {
                /** @description How slash dates are read: DMY (31/12/2025) or MDY (12/31/2025). Without it a slash date is read only when it reads one way (a part over 12, or day = month), else the line is refused (date_ambiguous). Other date forms are unaffected. */
                dateFormat?: "DMY" | "MDY";
            };
            header?: {
                /** @description Replays the first answer to the same key and body for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyImport"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWarrantyImport: {
        parameters: {
            query?: {
                /** @description errors.nextCursor of the previous page */
                errorsCursor?: string;
                /** @description Line errors per page, 1 to 1000 */
                errorsLimit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyImportWithErrors"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    issueWarranty: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to the same key and body for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    customerEmail?: string;
                    customerName?: string;
                    customerPhone?: string;
                    /** Format: date-time */
                    expiresAt?: string;
                    /** Format: uuid */
                    globalProductId?: string;
                    invoiceNumber?: string;
                    /** Format: uuid */
                    locationId?: string;
                    /** Format: uuid */
                    merchantProductId?: string;
                    /** Format: date-time */
                    purchaseDate?: string;
                    /** @description Greater than 0, at most 2 decimals, at most 999999999999.99 */
                    purchasePrice?: number;
                    /** @description Stored trimmed; compared case-insensitively */
                    serialNumber: string;
                    warrantyDurationMonths?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyWithNotification"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    lookupWarranties: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description A warrantyCode (any case, with or without dashes and WR-) or a customer e-mail */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarrantyPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The events delivered to it (docs/webhooks.md#events) */
                    events: ("warranty.issued" | "warranty.minted" | "warranty.mint_failed" | "warranty.claimed" | "warranty.expiring" | "claim.opened" | "claim.status_changed")[];
                    /** @description https:// (http:// is accepted outside production); no user or password */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The events delivered to it (docs/webhooks.md#events) */
                    events?: ("warranty.issued" | "warranty.minted" | "warranty.mint_failed" | "warranty.claimed" | "warranty.expiring" | "claim.opened" | "claim.status_changed")[];
                    /** @description ACTIVE enables a disabled endpoint again (its pending deliveries are due at once) */
                    status?: "ACTIVE" | "DISABLED";
                    /** @description https:// (http:// is accepted outside production); no user or password */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProviderClaims: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description 1 to 200, default 50 */
                limit?: number;
                status?: "SUBMITTED" | "INFO_REQUESTED" | "APPROVED" | "DENIED" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CANCELLED";
                warrantyId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimPage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getProviderClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    writeProviderClaimMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The message */
                    body: string;
                    /** @description Up to 4 photos, 6 MB in all (scale them first): type sniffed, re-encoded, metadata removed */
                    photos?: string[];
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getProviderClaimPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                photoId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resolveProviderClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A public note on the outcome: part of the service history, so no e-mail or phone number */
                    note?: string;
                    outcome: "REPAIRED" | "REPLACED" | "REFUNDED" | "NOT_COVERED";
                    replacementSerial?: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    startClaimRepair: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the provider found */
                    diagnosis: string;
                };
            };
        };
        responses: {
            /** @description A claim with its timeline, thread and photos; `customer` is shown to the merchant and to the provider holding the claim, null to the customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimDetail"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    checkCoverage: {
        parameters: {
            query?: {
                gtin?: string;
                serialNumber?: string;
                warrantyCode?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What a repair desk learns: coverage, product and expiry, never the owner */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coverage"];
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error answer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    version: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiVersion: string;
                        chain: {
                            /** @description ERC-721 contract address (0x…) */
                            certificateContract: string;
                            chainId: number;
                            /** @description The address certificates are minted to and held by */
                            custodian: string;
                        };
                        gitRevision: string | null;
                        ipfs: {
                            /** @description Base URL: `{gateway}/{cid}[/{path}]` */
                            gateway: string;
                            verifiableFormats: string[];
                        };
                        version: string;
                    };
                };
            };
            /** @description Every error answer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
