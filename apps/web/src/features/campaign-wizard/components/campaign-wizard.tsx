import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { FieldPath, Resolver } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { CAMPAIGN_KINDS, KIND_LABEL } from '@comped/shared/campaign-kinds';
import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource, FileRef } from '@comped/shared/schemas/resources';
import {
  BOOKINGS_STEP,
  LAST_STEP,
  campaignSchema,
  capStep,
  featuredPhotoCountIssue,
} from '@comped/shared/validation/campaign';
import type { CampaignValues } from '@comped/shared/validation/campaign';
import { formResolver } from '../../../lib/forms/form-resolver';
import { Loading } from '../../../components/loading';
import { MissingLocationsDialog } from '../../../components/missing-locations-dialog';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession } from '../../../lib/use-session';
import { campaignKeys, useCampaign } from '../../../api/campaigns';
import { useLocations } from '../../../api/locations';
import { createCampaign } from '../api/create-campaign';
import { deleteCampaignPhoto } from '../api/delete-campaign-photo';
import { updateCampaign } from '../api/update-campaign';
import { campaignFormData, defaultValues, stepLabels, stepOfField, valuesOfCampaign } from '../lib/wizard-values';
import type { WizardValues } from '../lib/wizard-values';
import { AudienceStep } from './audience-step';
import { BasicStep } from './basic-step';
import { BookingsStep } from './bookings-step';
import { DiscardDraftButton } from './discard-draft-button';
import type { WizardLocation } from './bookings-step';
import { RequirementsStep } from './requirements-step';
import { ReviewStep } from './review-step';

function isKind(value: string | undefined): value is CampaignKind {
  return (CAMPAIGN_KINDS as readonly string[]).includes(value ?? '');
}

/** /create/{type} (no id) and /edit/campaign/{id}: loads the draft, then runs the five steps. */
export function CampaignWizard({ type, campaignId }: { type?: string; campaignId?: number }) {
  const campaign = useCampaign(campaignId ?? 0, { enabled: campaignId !== undefined, staleTime: 0 });
  const locations = useLocations();
  const [missingDismissed, setMissingDismissed] = useState(false);
  const [missingForced, setMissingForced] = useState(false);
  const noLocations = locations.isSuccess && locations.data.length === 0;

  if (campaignId !== undefined && campaign.isPending) return <Loading label="Loading campaign" />;
  if (campaignId !== undefined && campaign.isError) {
    const err = campaign.error;
    return (
      <Box>
        <PageTitle>Campaign</PageTitle>
        <Alert severity="error">
          {err instanceof ApiError && err.status === 404
            ? 'This campaign does not exist or was discarded.'
            : err instanceof ApiError && err.status === 403
              ? 'You cannot edit this campaign.'
              : MSG.somethingWrongDot}
        </Alert>
      </Box>
    );
  }
  const kind = campaign.data?.attributes_type ?? (isKind(type) ? type : undefined);
  if (!kind) return <Navigate to={paths.campaigns} replace />;

  const wizardLocations: WizardLocation[] =
    locations.data ?? campaign.data?.locations.map((l) => ({ id: l.id, name: l.name, address: l.address })) ?? [];

  return (
    <>
      <WizardForm
        key={campaignId ?? `new-${kind}`}
        kind={kind}
        campaign={campaign.data ?? null}
        fetching={campaign.isFetching}
        locations={wizardLocations}
        locationsLoading={locations.isPending}
        onMissingLocations={() => setMissingForced(true)}
      />
      <MissingLocationsDialog
        open={missingForced || (noLocations && !missingDismissed)}
        onClose={() => {
          setMissingDismissed(true);
          setMissingForced(false);
        }}
      />
    </>
  );
}

interface WizardFormProps {
  kind: CampaignKind;
  campaign: CampaignResource | null;
  fetching: boolean;
  locations: WizardLocation[];
  locationsLoading: boolean;
  onMissingLocations(): void;
}

/** Array items of these fields report on the field itself (e.g. `target.0` shows under `target`). */
const LIST_FIELDS = [
  'target',
  'tier_range_influencer',
  'tier_range_journalist',
  'locations',
  'key_players',
  'influencer_instructions.hashtags',
];
function formFieldOf(field: string): string {
  const list = LIST_FIELDS.find((f) => field === f || field.startsWith(`${f}.`));
  return list ?? field;
}

function WizardForm({ kind, campaign, fetching, locations, locationsLoading, onMissingLocations }: WizardFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showSnackbar = useSnackbar();
  const { user } = useSession();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const labels = stepLabels(kind);

  const [step, setStep] = useState(() => (campaign ? capStep(campaign.step) : 0));
  const stepRef = useRef(step);
  stepRef.current = step;
  const [saved, setSaved] = useState<FileRef[]>(() => campaign?.featuredphotos ?? []);
  const [pending, setPending] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const editable = !campaign || campaign.status === 'draft';

  // The shared rules; locations are required from the Bookings step on.
  const resolver = useCallback<Resolver<WizardValues, unknown, CampaignValues>>(
    (values, context, options) =>
      formResolver<WizardValues, ReturnType<typeof campaignSchema>>(
        campaignSchema(kind, { requireLocations: stepRef.current >= BOOKINGS_STEP }),
      )(values, context, options),
    [kind],
  );
  const form = useForm<WizardValues, unknown, CampaignValues>({
    defaultValues: campaign ? valuesOfCampaign(campaign) : defaultValues(),
    resolver,
    mode: 'onTouched',
  });

  const isFirst = useRef(true);
  const stepTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    window.scrollTo(0, 0);
    // Next is disabled while it saves, so the focus fell to <body>: the new step's heading takes it
    // (WCAG 2.4.3), and the next Tab starts at the top of the step, as after a route change.
    stepTitle.current?.focus();
  }, [step]);

  const name = form.watch('name');
  const description = form.watch('description');
  const photoCount = saved.length + pending.length;
  const basicsReady = name.trim() !== '' && description.trim() !== '' && photoCount > 0;
  const busy = saving || fetching || photoBusy;
  const canContinue = basicsReady && !busy && editable;

  function goTo(next: number) {
    setStep(capStep(next));
  }

  function showServerErrors(err: unknown) {
    if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
      let target = LAST_STEP;
      for (const [field, messages] of Object.entries(err.errors)) {
        const message = messages[0] ?? MSG.validationFailed;
        if (field === 'locations' && err.code === 'no_locations') onMissingLocations();
        const root = field.split('.')[0] ?? field;
        if (field === 'featured_photos') setPhotoError(message);
        else if (root in defaultValues()) {
          form.setError(formFieldOf(field) as FieldPath<WizardValues>, { type: 'server', message });
        } else showSnackbar(message, 'error');
        target = Math.min(target, stepOfField(field));
      }
      if (target < stepRef.current) goTo(target);
      return;
    }
    showSnackbar(MSG.somethingWrong, 'error', MSG.photosHint);
  }

  async function save(nextStep: number, status?: 'review') {
    const countIssue = featuredPhotoCountIssue(photoCount);
    if (countIssue) {
      setPhotoError(countIssue);
      goTo(0);
      return;
    }
    setSaving(true);
    setProgress(pending.length > 0 ? 0 : null);
    try {
      const body = campaignFormData(kind, form.getValues(), {
        step: nextStep,
        photos: pending,
        brandId: campaign ? undefined : user?.profile.brands[0]?.id,
        status,
      });
      const onProgress = (p: number) => setProgress(pending.length > 0 ? p : null);
      const result = campaign
        ? await updateCampaign(campaign.id, body, onProgress)
        : await createCampaign(body, onProgress);
      queryClient.setQueryData(campaignKeys.detail(result.id), result);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      setPending([]);
      setSaved(result.featuredphotos);
      setPhotoError(null);
      form.reset(valuesOfCampaign(result));
      if (status === 'review') setSubmitted(true);
      else if (!campaign) navigate(paths.editCampaign(result.id), { replace: true });
      else goTo(nextStep);
    } catch (err) {
      showServerErrors(err);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }

  const onNext = form.handleSubmit(() => save(step + 1));
  const onSubmit = form.handleSubmit(() => save(LAST_STEP, 'review'));

  async function deleteSaved(photos: FileRef[]) {
    if (!campaign) return;
    setPhotoBusy(true);
    try {
      for (const p of photos) {
        await deleteCampaignPhoto(campaign.id, p.name);
        setSaved((list) => list.filter((x) => x.name !== p.name));
      }
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaign.id) });
    } catch {
      showSnackbar(MSG.somethingWrong, 'error');
    } finally {
      setPhotoBusy(false);
    }
  }

  const photosProps = {
    saved,
    pending,
    error: photoError,
    busy: busy || !editable,
    onAdd: (files: File[]) => setPending((list) => [...list, ...files]),
    onRemovePending: (index: number) => setPending((list) => list.filter((_f, i) => i !== index)),
    onDeleteSaved: (photo: FileRef) => void deleteSaved([photo]),
    onClearAll: () => {
      setPending([]);
      void deleteSaved(saved);
    },
    onError: setPhotoError,
  };

  const title = campaign ? `Edit ${KIND_LABEL[kind]} campaign` : `New ${KIND_LABEL[kind]} campaign`;
  const isLast = step === LAST_STEP;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <PageTitle>{title}</PageTitle>
      {campaign?.review_reason && campaign.status === 'draft' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Our team sent this campaign back</AlertTitle>
          {campaign.review_reason}
        </Alert>
      ) : null}
      {!editable ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This campaign is {campaign?.status === 'review' ? 'in review' : campaign?.status} and can no longer be edited.
        </Alert>
      ) : null}

      {compact ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="overline" component="p">
            Step {step + 1} of {labels.length}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={((step + 1) / labels.length) * 100}
            aria-label={`Step ${step + 1} of ${labels.length}`}
          />
        </Box>
      ) : (
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Campaign steps">
          {labels.map((label, index) => (
            <Step key={label}>
              <StepLabel aria-current={index === step ? 'step' : undefined}>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}

      <Paper
        component="form"
        noValidate
        aria-labelledby="wizard-step-title"
        onSubmit={(e) => e.preventDefault()}
        sx={{ p: { xs: 2, sm: 4 } }}
      >
        <Typography
          id="wizard-step-title"
          ref={stepTitle}
          tabIndex={-1}
          variant="h5"
          component="h2"
          sx={{ mb: 3, fontWeight: 600 }}
        >
          {labels[step]}
        </Typography>
        <FormProvider {...form}>
          {step === 0 ? <BasicStep kind={kind} photos={photosProps} /> : null}
          {step === 1 ? <AudienceStep /> : null}
          {step === 2 ? <BookingsStep locations={locations} loading={locationsLoading} /> : null}
          {step === 3 ? <RequirementsStep /> : null}
          {step === 4 ? (
            <ReviewStep kind={kind} photos={saved} pendingPhotos={pending} locations={locations} onEdit={goTo} />
          ) : null}
        </FormProvider>

        {saving && progress !== null ? (
          <Box sx={{ mt: 3 }}>
            <LinearProgress variant="determinate" value={progress} aria-label="Uploading photos" />
          </Box>
        ) : null}

        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between', alignItems: 'center' }}>
          <Button variant="outlined" disabled={step === 0 || saving} onClick={() => goTo(step - 1)}>
            Back
          </Button>
          <Box sx={{ flex: 1 }} />
          {campaign && editable ? <DiscardDraftButton campaignId={campaign.id} disabled={busy} /> : null}
          {isLast ? (
            <Button
              variant="contained"
              disabled={!canContinue}
              onClick={() => void onSubmit()}
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Submit
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={!canContinue}
              onClick={() => void onNext()}
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Next
            </Button>
          )}
        </Stack>
      </Paper>

      <Dialog open={submitted} aria-labelledby="campaign-submitted-title" aria-describedby="campaign-submitted-text">
        <DialogTitle id="campaign-submitted-title">Campaign submitted</DialogTitle>
        <DialogContent>
          <DialogContentText id="campaign-submitted-text">{MSG.campaignSubmitted}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={() => navigate(paths.campaigns)}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
